import { SubAffiliatesView } from "@/components/sub-affiliates/sub-affiliates-view";
import { definePage } from "../define-page";

const { metadata, Page } = definePage("subAffiliates", () => <SubAffiliatesView />);
export { metadata };
export default Page;
