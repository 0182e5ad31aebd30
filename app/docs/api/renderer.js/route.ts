import { rendererScript, rendererVersion } from "@/lib/server/api-doc/api-reference-renderer";

/**
 * The API reference's renderer (lib/server/api-doc/api-reference-renderer.ts), for /docs/api only: no
 * other page loads it. Its versioned URL (`?v=`) never changes content, so a browser keeps it.
 */
export function GET(req: Request): Response {
  const current = new URL(req.url).searchParams.get("v") === rendererVersion();
  return new Response(rendererScript(), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
