/**
 * No file of the repository points at a ticket number: its readers cannot see the tracker, so
 * a comment, doc or test says the rule and its reason instead. Every git-tracked file is read,
 * except the applied SQL migrations (checksummed: they cannot change) and package-lock.json
 * (generated). A line that names a ticket by its number fails the test with its file and line.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

// Built from parts, so that this file does not match its own pattern.
const TICKET = new RegExp(["\\bis", "sue", "\\s*#?\\d+"].join(""), "i");

/** Paths whose text may not change, or is not written by people. */
function exempt(path: string): boolean {
  return (path.startsWith("lib/db/migrations/") && path.endsWith(".sql")) || path === "package-lock.json";
}

function trackedFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out.split("\0").filter((p) => p !== "" && !exempt(p));
}

/** `file:line: text` for each line that names a ticket number. */
function ticketLines(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(ROOT, path), "utf8");
  } catch {
    return []; // tracked but deleted in the working tree: nothing to read
  }
  if (text.includes("\0")) return []; // binary
  return text.split("\n").flatMap((line, i) => (TICKET.test(line) ? [`${path}:${i + 1}: ${line.trim().slice(0, 160)}`] : []));
}

describe("ticket numbers", () => {
  it("the pattern finds the forms it is meant to find, and the tracked files are listed", () => {
    const forms = [["Is", "sue 7"], ["(is", "sue 28)"], ["is", "sue #12"], ["IS", "SUE 11.2"]].map((parts) => parts.join(""));
    for (const form of forms) expect(TICKET.test(form), form).toBe(true);
    expect(TICKET.test(["a tis", "sue 3 sample"].join(""))).toBe(false);
    expect(trackedFiles()).toContain("package.json");
  });

  it("no tracked file names one (migrations and the lock file aside)", () => {
    const found = trackedFiles().flatMap(ticketLines);
    expect(found, `say the rule and its reason instead:\n${found.join("\n")}`).toEqual([]);
  });
});
