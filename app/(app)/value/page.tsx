import { hasRole } from "@/lib/contract/roles";
import { definePage } from "../define-page";
import { ValueView } from "./view";

const { generateMetadata, Page } = definePage("value", ({ user }) => <ValueView riskBadges={hasRole(user, "viewer")} />);
export { generateMetadata };
export default Page;
