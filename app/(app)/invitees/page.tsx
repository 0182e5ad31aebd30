import { InviteesView } from "@/components/invitees/invitees-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("invitees", () => <ArchiveStatusPrefetch><InviteesView /></ArchiveStatusPrefetch>);
export { metadata };
export default Page;
