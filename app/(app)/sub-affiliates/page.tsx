import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";
import { SubAffiliatesView } from "./view";

const { generateMetadata, Page } = definePage("subAffiliates", () => <ServerPrefetch><SubAffiliatesView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
