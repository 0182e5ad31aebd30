import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { archiveReady, BENCH_DATA_DIR, login, prepareArchive, startStack } from "./lib/stack";
await prepareArchive();
const stack = await startStack({ dataDir: BENCH_DATA_DIR, env: { ARCHIVE_SYNC: "on" } });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
try {
  await archiveReady(stack, 120_000);
  const cookie = await login(stack.url, "viewer");
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  await ctx.addCookies(cookie.split("; ").map((c) => { const [name, ...v] = c.split("="); return { name: name!, value: v.join("="), url: stack.url }; }));
  const page = await ctx.newPage();
  await page.goto(`${stack.url}/`); await page.waitForTimeout(5000);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(`${stack.url}/?period=30d`);
  await page.waitForTimeout(9000);
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync("/tmp/lh/overview.cpuprofile", JSON.stringify(profile));
} finally { await browser.close(); await stack.stop(); }
