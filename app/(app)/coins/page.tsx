import { CoinsView } from "@/components/coins/coins-view";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("coins", () => <CoinsView />);
export { generateMetadata };
export default Page;
