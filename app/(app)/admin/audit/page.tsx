import { AuditLog } from "@/components/admin/audit-log";
import { definePage } from "../../define-page";

const { metadata, Page } = definePage("audit", () => <AuditLog />);
export { metadata };
export default Page;
