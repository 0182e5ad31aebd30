import { definePage } from "../define-page";
import { ReferralsView } from "./view";

const { generateMetadata, Page } = definePage("referrals", () => <ReferralsView />);
export { generateMetadata };
export default Page;
