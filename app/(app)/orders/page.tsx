import { SpotOrdersView } from "@/components/orders/spot-orders-view";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("orders", () => <SpotOrdersView />);
export { metadata };
export default Page;
