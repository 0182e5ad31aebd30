import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";
import { TransfersView } from "./view";

const { generateMetadata, Page } = definePage("transfers", () => <ServerPrefetch><TransfersView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
