/** The `users` command's implementation (scripts/users.ts sets up the environment first). */
import { randomBytes } from "node:crypto";
import { userInfo } from "node:os";
import { closeDatabase, openToolDatabase } from "@/lib/db";
import { writeAudit } from "@/lib/db/audit";
import {
  countActiveAdmins,
  createUser,
  getUserByUsername,
  listUsers,
  normalizeUsername,
  passwordProblem,
  ROLES,
  updateUser,
  usernameProblem,
  UsernameTakenError,
  type Role,
  type UserChanges,
} from "@/lib/db/users";

const USAGE = `Usage: npm run users -- <command>
  add <username> <${ROLES.join("|")}> [--password <password>]
  passwd <username> [--password <password>]
  role <username> <${ROLES.join("|")}>
  disable <username>
  enable <username>
  list
Without --password you are asked for one (or, without a terminal, one is generated and printed).`;

class UsageError extends Error {}

/**
 * The database only: users are managed the same whatever mode a server would start in, and
 * no start-up accounts (demo or bootstrap) appear as a side effect of a command.
 */
const getDb = async () => (await openToolDatabase()).db;

export async function main(argv: string[]): Promise<number> {
  try {
    const { positional, password } = parseArgs(argv);
    const [command, ...args] = positional;
    switch (command) {
      case "add":
        await add(args, password);
        break;
      case "passwd":
        await passwd(args, password);
        break;
      case "role":
        await role(args);
        break;
      case "disable":
      case "enable":
        await setDisabled(args, command === "disable");
        break;
      case "list":
        await list();
        break;
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`Error: ${(e as Error).message}`);
    return 1;
  } finally {
    await closeDatabase().catch(() => {});
  }
}

function parseArgs(argv: string[]): { positional: string[]; password?: string } {
  const positional: string[] = [];
  let password: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--password") {
      password = argv[++i];
      if (password === undefined) throw new UsageError("--password needs a value.");
    } else if (a.startsWith("--password=")) {
      password = a.slice("--password=".length);
    } else if (a === "-h" || a === "--help") {
      throw new UsageError("");
    } else {
      positional.push(a);
    }
  }
  return { positional, password };
}

function usernameArg(args: string[], count: number): string {
  if (args.length !== count) throw new UsageError("Wrong number of arguments.");
  const username = normalizeUsername(args[0]!);
  const problem = usernameProblem(username);
  if (problem) throw new Error(`The username ${problem}.`);
  return username;
}

function roleArg(value: string | undefined): Role {
  if (!ROLES.includes(value as Role)) throw new UsageError(`The role must be one of ${ROLES.join(", ")}.`);
  return value as Role;
}

async function obtainPassword(given: string | undefined): Promise<{ password: string; generated: boolean }> {
  if (given === undefined && !process.stdin.isTTY) {
    return { password: randomBytes(12).toString("base64url"), generated: true };
  }
  const password = given ?? (await promptHidden("Password: "));
  const problem = passwordProblem(password);
  if (problem) throw new Error(`The password ${problem}.`);
  if (given === undefined && (await promptHidden("Repeat password: ")) !== password) throw new Error("The passwords do not match.");
  return { password, generated: false };
}

/** Read a line from the terminal without echoing it. */
function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stdout.write("\n");
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done();
        if (ch === "\u0003") return done(new Error("Cancelled."));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

const actor = () => `cli:${userInfo().username}`;

async function audited(action: string, detail: Record<string, unknown>) {
  await writeAudit(await getDb(), { username: actor(), action, outcome: "success", detail });
}

async function requireUser(username: string) {
  const user = await getUserByUsername(await getDb(), username);
  if (!user) throw new Error(`There is no user "${username}".`);
  return user;
}

async function add(args: string[], given: string | undefined) {
  const username = usernameArg(args, 2);
  const r = roleArg(args[1]);
  const { password, generated } = await obtainPassword(given);
  try {
    await createUser(await getDb(), { username, password, role: r });
  } catch (e) {
    if (e instanceof UsernameTakenError) throw new Error(`The username "${username}" is already taken.`);
    throw e;
  }
  await audited("user.create", { target: username, role: r });
  console.log(`Added ${username} (${r}).`);
  if (generated) console.log(`Generated password (shown once): ${password}`);
}

async function change(username: string, changes: UserChanges, detail: Record<string, unknown>) {
  const db = await getDb();
  const user = await requireUser(username);
  const losesAdmin = user.role === "admin" && !user.disabled && ((changes.role && changes.role !== "admin") || changes.disabled === true);
  if (losesAdmin && (await countActiveAdmins(db)) <= 1) {
    throw new Error(`${username} is the last enabled admin; add another admin first.`);
  }
  await updateUser(db, user.id, changes);
  await audited("user.update", { target: username, ...detail });
}

async function passwd(args: string[], given: string | undefined) {
  const username = usernameArg(args, 1);
  await requireUser(username);
  const { password, generated } = await obtainPassword(given);
  await change(username, { password }, { passwordReset: true });
  console.log(`New password set for ${username}; their sessions have ended.`);
  if (generated) console.log(`Generated password (shown once): ${password}`);
}

async function role(args: string[]) {
  const username = usernameArg(args, 2);
  const r = roleArg(args[1]);
  const before = await requireUser(username);
  await change(username, { role: r }, { role: { from: before.role, to: r } });
  console.log(`${username} is now ${r}.`);
}

async function setDisabled(args: string[], disabled: boolean) {
  const username = usernameArg(args, 1);
  await change(username, { disabled }, { disabled });
  console.log(disabled ? `${username} is disabled; their sessions have ended.` : `${username} is enabled.`);
}

async function list() {
  const users = await listUsers(await getDb());
  if (!users.length) {
    console.log("No users yet. Add one with: npm run users -- add <username> admin");
    return;
  }
  const rows = users.map((u) => [u.username, u.role, u.disabled ? "disabled" : "enabled", u.createdAt.toISOString().slice(0, 19).replace("T", " ")]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ["USERNAME", "ROLE", "STATUS"][i]!.length));
  const line = (r: string[]) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join("  ");
  console.log(line(["USERNAME", "ROLE", "STATUS", "CREATED (UTC)"]));
  for (const r of rows) console.log(line(r));
}
