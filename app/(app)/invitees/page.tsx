import { hasRole } from "@/lib/contract/roles";
import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";
import { InviteesView } from "./view";

const { generateMetadata, Page } = definePage("invitees", ({ user }) => <ServerPrefetch><InviteesView riskBadges={hasRole(user, "viewer")} /></ServerPrefetch>);
export { generateMetadata };
export default Page;
