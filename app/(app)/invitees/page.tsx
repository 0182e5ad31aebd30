import { InviteesView } from "@/components/invitees/invitees-view";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("invitees", () => <InviteesView />);
export { metadata };
export default Page;
