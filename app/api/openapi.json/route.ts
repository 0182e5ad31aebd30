import { openApiDocument } from "@/lib/server/api-doc/openapi";
import { publicOrigin } from "@/lib/server/http/request-info";
import { route } from "@/lib/server/http/route";

/** The API document (OpenAPI 3.1), generated from the contract; no credential needed (it holds no data). */
export const GET = route("GET /api/openapi.json", {
  handler: ({ req }) => openApiDocument(publicOrigin(req.headers)),
});
