import { InviteesView } from "@/components/invitees/invitees-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("invitees", () => <ArchiveStatusPrefetch><InviteesView /></ArchiveStatusPrefetch>);
export { generateMetadata };
export default Page;
