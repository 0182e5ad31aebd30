import { TradingView } from "@/components/trading";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("trading", () => <TradingView />);
export { generateMetadata };
export default Page;
