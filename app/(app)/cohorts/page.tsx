import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";
import { CohortsView } from "./view";

const { generateMetadata, Page } = definePage("cohorts", () => <ServerPrefetch><CohortsView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
