import { ApiError } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/route";

/** Any /api path no route handles: the contract's 404, as JSON, not an HTML page. */
const notFound = route({
  role: "public",
  handler: () => {
    throw new ApiError("not_found", "There is no such API route.");
  },
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
