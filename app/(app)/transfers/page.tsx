import { TransfersView } from "@/components/transfers/transfers-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("transfers", () => <ArchiveStatusPrefetch><TransfersView /></ArchiveStatusPrefetch>);
export { metadata };
export default Page;
