import { execSync } from "node:child_process";
import { startStack } from "./lib/stack";
const stack = await startStack({ dataDir: "/tmp/exp-data", sim: { ipWeightPer10s: 1e9, uidWeightPer10s: 1e9 }, env: { ARCHIVE_SYNC: "on", WEEX_IP_WEIGHT_PER_10S: "100000000", WEEX_UID_WEIGHT_PER_10S: "100000000" } });
await new Promise((r) => setTimeout(r, 3000));
console.log("child pid", stack.child.pid);
console.log(execSync("ps -eo pid,ppid,etime,cmd | grep -E 'next' | grep -v grep").toString());
await stack.stop();
await new Promise((r) => setTimeout(r, 500));
console.log("after stop:\n", execSync("ps -eo pid,ppid,etime,cmd | grep -E 'next' | grep -v grep || true").toString());
