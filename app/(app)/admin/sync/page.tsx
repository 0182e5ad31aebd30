import { definePage } from "../../define-page";
import { SyncAdmin } from "./view";

const { generateMetadata, Page } = definePage("sync", () => <SyncAdmin />);
export { generateMetadata };
export default Page;
