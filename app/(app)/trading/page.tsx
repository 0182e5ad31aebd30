import { TradingView } from "@/components/trading";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("trading", () => <TradingView />);
export { metadata };
export default Page;
