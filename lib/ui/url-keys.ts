/**
 * URL keys the pages used before they took the API's names. A link with one of them
 * is redirected by the page (definePage) to the same query under the current name, so shared
 * links and bookmarks keep working. Plain data: the server reads it without the URL parsers.
 */
/** URL keys of older links → their current names (every page answers them with a redirect). */
export const RENAMED_KEYS: Readonly<Record<string, string>> = {
  size: "pageSize",
  product: "productType",
  gran: "granularity",
  fromAccount: "fromAccountType",
  toAccount: "toAccountType",
  clientOrderId: "origClientOrderId",
  user: "username",
};
