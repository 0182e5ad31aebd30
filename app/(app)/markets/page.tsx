import { MarketsView } from "@/components/markets/markets-view";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("markets", () => <MarketsView />);
export { metadata };
export default Page;
