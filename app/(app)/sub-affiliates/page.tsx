import { hasRole } from "@/lib/contract/roles";
import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";
import { SubAffiliatesView } from "./view";

const { generateMetadata, Page } = definePage("subAffiliates", ({ user }) => <ServerPrefetch><SubAffiliatesView riskBadges={hasRole(user, "viewer")} /></ServerPrefetch>);
export { generateMetadata };
export default Page;
