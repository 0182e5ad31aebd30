/**
 * The browser suite's server and its first backfill (it sets the CI time). The e2e server
 * (e2e/serve.ts) starts on an empty database against the simulator at scale 1 with 4× WEEX's
 * limit, and its first backfill runs beside every spec. This runs that server once per
 * ARCHIVE_COMMISSION_DAYS given, one after the other, until every dataset has synced once, and
 * prints, side by side: the time to that point, the CPU the dashboard (with its sync children)
 * and the simulator spent, and the records held.
 *
 *   npx tsx bench/e2e-backfill.ts [--days 365,60] [--dist .next-test]
 */
import { readdirSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { archiveReady, startStack } from "./lib/stack";

const { values: args } = parseArgs({
  options: {
    days: { type: "string", default: "365,60" },
    dist: { type: "string", default: process.env.E2E_DIST_DIR || ".next-test" },
  },
});
const WEIGHT = 2000; // e2e/serve.ts's default
const TICK_S = 100; // /proc's clock ticks per second (USER_HZ) on Linux

/** CPU seconds of a process and its descendants, living and reaped (/proc/<pid>/stat utime+stime+cutime+cstime). */
function treeCpuSeconds(root: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(name);
      const ppid = Number(f[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      ticks.set(pid, Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    } catch {
      // (gone meanwhile)
    }
  }
  let sum = 0;
  const walk = (pid: number) => {
    sum += ticks.get(pid) ?? 0;
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return sum / TICK_S;
}

interface Figures {
  days: number;
  seconds: number;
  dashboardCpu: number;
  simulatorCpu: number;
  held: string;
}

async function once(days: number): Promise<Figures> {
  const started = Date.now();
  const simBefore = process.cpuUsage();
  const stack = await startStack({
    distDir: args.dist,
    sim: { ipWeightPer10s: WEIGHT, uidWeightPer10s: WEIGHT },
    env: { WEEX_IP_WEIGHT_PER_10S: String(WEIGHT), WEEX_UID_WEIGHT_PER_10S: String(WEIGHT), ARCHIVE_COMMISSION_DAYS: String(days) },
  });
  try {
    const held = await archiveReady(stack, 3_600_000);
    const dashboardCpu = treeCpuSeconds(stack.child.pid!);
    const sim = process.cpuUsage(simBefore);
    return { days, seconds: (Date.now() - started) / 1000, dashboardCpu, simulatorCpu: (sim.user + sim.system) / 1e6, held };
  } finally {
    await stack.stop();
  }
}

const runs: Figures[] = [];
for (const d of args.days.split(",").map(Number)) {
  if (!Number.isInteger(d) || d < 2) throw new Error(`--days: whole numbers ≥ 2, not "${args.days}"`);
  runs.push(await once(d));
  const r = runs.at(-1)!;
  console.log(`[e2e-backfill] ${d} days of commission records: every dataset synced once after ${r.seconds.toFixed(0)} s; ${r.held}`);
}
const base = runs[0]!;
console.log(`\nThe e2e server's first backfill (scale 1, ${WEIGHT} weight per 10 s), load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]} at the end:`);
console.log("| ARCHIVE_COMMISSION_DAYS | until synced | dashboard CPU | simulator CPU | against the first |");
console.log("|---|---|---|---|---|");
for (const r of runs) {
  const ratio = (r.dashboardCpu + r.simulatorCpu) / (base.dashboardCpu + base.simulatorCpu);
  console.log(`| ${r.days} | ${r.seconds.toFixed(0)} s | ${r.dashboardCpu.toFixed(0)} s | ${r.simulatorCpu.toFixed(0)} s | ${(r.seconds / base.seconds).toFixed(2)}× time, ${ratio.toFixed(2)}× CPU |`);
}
process.exit(0);
