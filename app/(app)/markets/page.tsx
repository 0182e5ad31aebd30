import { MarketsView } from "@/components/markets/markets-view";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("markets", () => <MarketsView />);
export { generateMetadata };
export default Page;
