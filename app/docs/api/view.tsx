"use client";

import { useEffect, useRef, useState } from "react";

interface ScalarGlobal {
  createApiReference(target: HTMLElement, config: Record<string, unknown>): { destroy?: () => void };
}

/**
 * Loads the renderer when the page is shown (also after a navigation inside the app, where a
 * server-rendered <script> would not run) and draws the document into this page's own box.
 */
export function ApiReference({ script, document: url }: { script: string; document: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // The renderer validates with its own zod, which probes for eval (new Function) unless told
    // not to; under this site's CSP (no 'unsafe-eval') the probe would be a refused evaluation.
    // Every zod on the page shares one config object (globalThis.__zod_globalConfig, made
    // jitless by the root layout's ZOD_JITLESS_SCRIPT): set it in place, never replace it.
    const g = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown>; Scalar?: ScalarGlobal };
    (g.__zod_globalConfig ??= {}).jitless = true;
    let app: { destroy?: () => void } | undefined;
    let gone = false;
    const draw = () => {
      if (gone || !box.current || !g.Scalar) return;
      app = g.Scalar.createApiReference(box.current, {
        url,
        // nothing from elsewhere: no web fonts, no telemetry, no AI agent, no MCP links
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: "never",
        persistAuth: false,
        documentDownloadType: "json",
        authentication: { preferredSecurityScheme: "apiToken" },
      });
    };
    if (g.Scalar) draw();
    else {
      const el = Object.assign(window.document.createElement("script"), { src: script, async: true });
      el.addEventListener("load", draw);
      el.addEventListener("error", () => setFailed(true));
      window.document.head.appendChild(el);
    }
    return () => {
      gone = true;
      app?.destroy?.();
    };
  }, [script, url]);

  return (
    <main id="main">
      {failed ? (
        <p role="alert" className="p-6">
          The API reference could not be loaded. The document itself is at <a href={url}>{url}</a>.
        </p>
      ) : null}
      <div ref={box} data-testid="api-reference" />
    </main>
  );
}
