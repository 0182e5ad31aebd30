/** Where e2e/serve.ts leaves the simulator's URL for the specs (one file per dashboard port). */
import { tmpdir } from "node:os";
import { join } from "node:path";

export function simUrlFile(port: string | number): string {
  return join(tmpdir(), `weex-e2e-sim-${port}.url`);
}
