import { ApiError } from "@/lib/server/http/errors";
import { unlistedRoute } from "@/lib/server/http/route";

/** Any /api path no route handles: the contract's 404, as JSON, not an HTML page. */
const notFound = unlistedRoute(() => {
  throw new ApiError("not_found", "There is no such API route.");
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
