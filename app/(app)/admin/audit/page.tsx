import { definePage } from "../../define-page";
import { AuditLog } from "./view";

const { generateMetadata, Page } = definePage("audit", () => <AuditLog />);
export { generateMetadata };
export default Page;
