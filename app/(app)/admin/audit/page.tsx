import { AuditLog } from "@/components/admin/audit-log";
import { definePage } from "../../define-page";

const { generateMetadata, Page } = definePage("audit", () => <AuditLog />);
export { generateMetadata };
export default Page;
