/**
 * Test support: spawn `sync-child.ts` as a real process and read its JSON event lines.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

export interface ChildEvent {
  event: string;
  pid: number;
  t: number;
  [k: string]: unknown;
}

export interface Child {
  proc: ChildProcess;
  events: ChildEvent[];
  stderr: string[];
  /** resolves with the first event matching `pred` (rejects if the process exits first) */
  waitFor(pred: (e: ChildEvent) => boolean, timeoutMs?: number): Promise<ChildEvent>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const CHILD = join(process.cwd(), "lib", "archive", "sync-child.ts");

export function spawnSyncChild(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", CHILD], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const events: ChildEvent[] = [];
  const stderr: string[] = [];
  const waiters: { pred: (e: ChildEvent) => boolean; resolve: (e: ChildEvent) => void }[] = [];
  let buf = "";
  proc.stdout!.on("data", (chunk: Buffer) => {
    buf += chunk.toString();
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      let e: ChildEvent;
      try {
        e = JSON.parse(line) as ChildEvent;
      } catch {
        continue; // a log line, not an event
      }
      events.push(e);
      for (const w of [...waiters]) {
        if (w.pred(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    }
  });
  proc.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    proc,
    events,
    stderr,
    exited,
    waitFor(pred, timeoutMs = 120_000) {
      const seen = events.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`child ${proc.pid}: timed out; stderr: ${stderr.join("").slice(-2000)}; last events: ${JSON.stringify(events.slice(-3))}`)),
          timeoutMs,
        );
        waiters.push({
          pred,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
        void exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`child ${proc.pid} exited (${code ?? signal}) before the event; stderr: ${stderr.join("").slice(-2000)}; last events: ${JSON.stringify(events.slice(-3))}`));
        });
      });
    },
  };
}

/** SIGKILL and wait for the exit. */
export async function killHard(child: Child): Promise<void> {
  child.proc.kill("SIGKILL");
  await child.exited;
}
