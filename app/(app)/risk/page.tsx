import { hasRole } from "@/lib/contract/roles";
import { definePage } from "../define-page";
import { RiskView } from "./view";

const { generateMetadata, Page } = definePage("risk", ({ user }) => <RiskView isAdmin={hasRole(user, "admin")} />);
export { generateMetadata };
export default Page;
