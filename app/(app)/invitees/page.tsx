import { InviteesView } from "@/components/invitees/invitees-view";
import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("invitees", () => <ServerPrefetch><InviteesView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
