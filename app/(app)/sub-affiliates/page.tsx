import { SubAffiliatesView } from "@/components/sub-affiliates/sub-affiliates-view";
import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("subAffiliates", () => <ServerPrefetch><SubAffiliatesView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
