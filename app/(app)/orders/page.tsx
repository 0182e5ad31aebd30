import { definePage } from "../define-page";
import { SpotOrdersView } from "./view";

const { generateMetadata, Page } = definePage("orders", () => <SpotOrdersView />);
export { generateMetadata };
export default Page;
