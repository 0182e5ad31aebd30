import { SyncAdmin } from "@/components/archive/sync-admin";
import { definePage } from "../../define-page";

const { metadata, Page } = definePage("sync", () => <SyncAdmin />);
export { metadata };
export default Page;
