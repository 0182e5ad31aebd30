import { definePage } from "../define-page";
import { MarketsView } from "./view";

const { generateMetadata, Page } = definePage("markets", () => <MarketsView />);
export { generateMetadata };
export default Page;
