import { AlertsView } from "@/components/alerts/alerts-view";
import { hasRole } from "@/lib/contract/roles";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("alerts", ({ user }) => <AlertsView isAdmin={hasRole(user, "admin")} />);
export { metadata };
export default Page;
