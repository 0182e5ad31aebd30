import { openApiDocument } from "@/lib/server/openapi";
import { publicOrigin } from "@/lib/server/request-info";
import { route } from "@/lib/server/route";

/** The API document (OpenAPI 3.1), generated from the contract; no credential needed (it holds no data). */
export const GET = route({
  role: "public",
  handler: ({ req }) => openApiDocument(publicOrigin(req.headers)),
});
