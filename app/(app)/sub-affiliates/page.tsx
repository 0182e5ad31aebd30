import { SubAffiliatesView } from "@/components/sub-affiliates/sub-affiliates-view";
import { ArchiveStatusPrefetch } from "../archive-status-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("subAffiliates", () => <ArchiveStatusPrefetch><SubAffiliatesView /></ArchiveStatusPrefetch>);
export { generateMetadata };
export default Page;
