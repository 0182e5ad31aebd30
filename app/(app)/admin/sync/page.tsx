import { SyncAdmin } from "@/components/archive/sync-admin";
import { definePage } from "../../define-page";

const page = definePage({
  path: "/admin/sync",
  title: "Archive sync",
  description:
    "The dashboard keeps its own copy of your sub-affiliate records, invited users and internal transfers: charts draw from it in milliseconds, and it keeps what WEEX forgets (transfers after a month, invitees after a year). It syncs every minute.",
  role: "admin",
  what: "The archive sync",
  render: () => <SyncAdmin />,
});

export const metadata = page.metadata;
export default page.Page;
