import { definePage } from "../define-page";
import { ValueView } from "./view";

const { generateMetadata, Page } = definePage("value", () => <ValueView />);
export { generateMetadata };
export default Page;
