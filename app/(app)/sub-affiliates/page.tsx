import { SubAffiliatesView } from "@/components/sub-affiliates/sub-affiliates-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("subAffiliates", () => <ArchiveStatusPrefetch><SubAffiliatesView /></ArchiveStatusPrefetch>);
export { metadata };
export default Page;
