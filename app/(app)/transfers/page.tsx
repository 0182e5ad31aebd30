import { TransfersView } from "@/components/transfers/transfers-view";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("transfers", () => <TransfersView />);
export { metadata };
export default Page;
