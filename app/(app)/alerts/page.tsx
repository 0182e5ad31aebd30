import { hasRole } from "@/lib/contract/roles";
import { definePage } from "../define-page";
import { AlertsView } from "./view";

const { generateMetadata, Page } = definePage("alerts", ({ user }) => <AlertsView isAdmin={hasRole(user, "admin")} />);
export { generateMetadata };
export default Page;
