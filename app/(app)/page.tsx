import { OverviewView } from "@/components/overview/overview-view";
import { ArchiveStatusPrefetch } from "./archive-status-prefetch";
import { definePage } from "./define-page";

const { generateMetadata, Page } = definePage("overview", () => <ArchiveStatusPrefetch><OverviewView /></ArchiveStatusPrefetch>);
export { generateMetadata };
export default Page;
