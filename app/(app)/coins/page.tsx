import { definePage } from "../define-page";
import { CoinsView } from "./view";

const { generateMetadata, Page } = definePage("coins", () => <CoinsView />);
export { generateMetadata };
export default Page;
