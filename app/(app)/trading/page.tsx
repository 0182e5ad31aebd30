import { definePage } from "../define-page";
import { TradingView } from "./view";

const { generateMetadata, Page } = definePage("trading", () => <TradingView />);
export { generateMetadata };
export default Page;
