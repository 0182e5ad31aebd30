import { CohortsView } from "@/components/cohorts/cohorts-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("cohorts", () => <ArchiveStatusPrefetch><CohortsView /></ArchiveStatusPrefetch>);
export { generateMetadata };
export default Page;
