import { TransfersView } from "@/components/transfers/transfers-view";
import { ServerPrefetch } from "../server-prefetch";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("transfers", () => <ServerPrefetch><TransfersView /></ServerPrefetch>);
export { generateMetadata };
export default Page;
