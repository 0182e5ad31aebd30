import { definePage } from "../../define-page";
import { TokensView } from "./view";

const { generateMetadata, Page } = definePage("tokens", ({ user }) => <TokensView role={user.role === "partner" ? "viewer" : user.role} />);
export { generateMetadata };
export default Page;
