import { SyncAdmin } from "@/components/archive/sync-admin";
import { definePage } from "../../define-page";

const { generateMetadata, Page } = definePage("sync", () => <SyncAdmin />);
export { generateMetadata };
export default Page;
