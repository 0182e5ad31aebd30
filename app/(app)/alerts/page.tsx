import { AlertsView } from "@/components/alerts/alerts-view";
import { hasRole } from "@/lib/contract/roles";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("alerts", ({ user }) => <AlertsView isAdmin={hasRole(user, "admin")} />);
export { generateMetadata };
export default Page;
