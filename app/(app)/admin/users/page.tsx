import { UsersAdmin } from "@/components/admin/users-admin";
import { definePage } from "../../define-page";

const { generateMetadata, Page } = definePage("users", ({ user }) => <UsersAdmin currentUsername={user.name} />);
export { generateMetadata };
export default Page;
