import { CohortsView } from "@/components/cohorts/cohorts-view";
import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("cohorts", () => <ServerPrefetch><CohortsView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
