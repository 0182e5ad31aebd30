import { CoinsView } from "@/components/coins/coins-view";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("coins", () => <CoinsView />);
export { metadata };
export default Page;
