import { TradingView } from "@/components/trading";
import { definePage } from "../define-page";

const page = definePage({
  path: "/trading",
  title: "Place orders",
  description:
    "Contract orders and TP/SL plan orders. Every request is checked here first, shown to you exactly as it will be sent, and sent once: nothing is retried automatically.",
  role: "trader",
  what: "Placing and modifying orders",
  render: () => <TradingView />,
});

export const metadata = page.metadata;
export default page.Page;
