import { OverviewView } from "@/components/overview/overview-view";
import { definePage } from "./define-page";

const { metadata, Page } = definePage("overview", () => <OverviewView />);
export { metadata };
export default Page;
