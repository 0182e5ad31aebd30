import { UsersAdmin } from "@/components/admin/users-admin";
import { definePage } from "../../define-page";

const page = definePage({
  path: "/admin/users",
  title: "Users",
  description: "Who can sign in, and with which role: viewer (reports), trader (+ orders), admin (+ users, audit log, archive).",
  role: "admin",
  what: "User management",
  render: ({ user }) => <UsersAdmin currentUsername={user.name} />,
});

export const metadata = page.metadata;
export default page.Page;
