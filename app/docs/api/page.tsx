import type { Metadata } from "next";
import { requireUser } from "../../(app)/session";
import { rendererVersion } from "@/lib/server/api-doc/api-reference-renderer";
import { ApiReference } from "./view";

export const metadata: Metadata = { title: "API reference · WEEX Affiliate" };

/**
 * /docs/api: the API document (GET /api/openapi.json, generated from the contract) for people,
 * with the examples of its introduction, rendered in the browser by the renderer the dashboard
 * serves itself. Signed-in people only, as every page; the document itself is public.
 */
export default async function ApiDocsPage() {
  await requireUser("/docs/api");
  return <ApiReference script={`/docs/api/renderer.js?v=${encodeURIComponent(rendererVersion())}`} document="/api/openapi.json" />;
}
