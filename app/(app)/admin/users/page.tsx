import { UsersAdmin } from "@/components/admin/users-admin";
import { definePage } from "../../define-page";

const { metadata, Page } = definePage("users", ({ user }) => <UsersAdmin currentUsername={user.name} />);
export { metadata };
export default Page;
