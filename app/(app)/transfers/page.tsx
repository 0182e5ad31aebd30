import { TransfersView } from "@/components/transfers/transfers-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("transfers", () => <ArchiveStatusPrefetch><TransfersView /></ArchiveStatusPrefetch>);
export { generateMetadata };
export default Page;
