import { definePage } from "../../define-page";
import { UsersAdmin } from "./view";

const { generateMetadata, Page } = definePage("users", ({ user }) => <UsersAdmin currentUsername={user.name} />);
export { generateMetadata };
export default Page;
