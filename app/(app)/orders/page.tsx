import { SpotOrdersView } from "@/components/orders/spot-orders-view";
import { definePage } from "../define-page";

const { generateMetadata, Page } = definePage("orders", () => <SpotOrdersView />);
export { generateMetadata };
export default Page;
