import { AuditLog } from "@/components/admin/audit-log";
import { definePage } from "../../define-page";

const page = definePage({
  path: "/admin/audit",
  title: "Audit log",
  description: "Sign-ins, order placements and changes, and user management: who, when, from where, and what came of it.",
  role: "admin",
  what: "The audit log",
  fallback: null,
  render: () => <AuditLog />,
});

export const metadata = page.metadata;
export default page.Page;
