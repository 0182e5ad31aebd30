import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";
import { InviteesView } from "./view";

const { generateMetadata, Page } = definePage("invitees", () => <ServerPrefetch><InviteesView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
