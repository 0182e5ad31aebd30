import { OverviewView } from "@/components/overview/overview-view";
import { ArchiveStatusPrefetch } from "./archive-status-prefetch";
import { definePage } from "./define-page";

const { metadata, Page } = definePage("overview", () => <ArchiveStatusPrefetch><OverviewView /></ArchiveStatusPrefetch>);
export { metadata };
export default Page;
