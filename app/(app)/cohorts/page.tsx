import { CohortsView } from "@/components/cohorts/cohorts-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("cohorts", () => <ArchiveStatusPrefetch><CohortsView /></ArchiveStatusPrefetch>);
export { metadata };
export default Page;
