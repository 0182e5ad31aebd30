/** The `users` command's implementation (scripts/users.ts sets up the environment first). */
import { randomBytes } from "node:crypto";
import { userInfo } from "node:os";
import { closeDatabase, openToolDatabase } from "@/lib/db";
import { writeAudit } from "@/lib/db/audit";
import {
  changeUserRow,
  countActiveAdmins,
  createUser,
  getUserByUsername,
  listUsers,
  normalizeUsername,
  passwordProblem,
  scopeOf,
  USER_ROLES,
  usernameProblem,
  UsernameTakenError,
  type RevokedCredentials,
  type Scope,
  type UserChanges,
  type UserRole,
} from "@/lib/db/users";
import { scopeSchema } from "@/lib/contract/scope";
import { userEmailSchema } from "@/lib/contract/user-email";

const USAGE = `Usage: npm run users -- <command>
  add <username> <${USER_ROLES.join("|")}> [--password <password>] [--sub-uid <uid>]... [--invite-code <code>]... [--email <address>]
  passwd <username> [--password <password>]
  role <username> <${USER_ROLES.join("|")}> [--sub-uid <uid>]... [--invite-code <code>]...
  scope <username> [--sub-uid <uid>]... [--invite-code <code>]...
  email <username> <address|->
  disable <username>
  enable <username>
  list
Without --password you are asked for one (or, without a terminal, one is generated and printed).
A partner sees the rows of their scope only: --sub-uid and --invite-code (each repeatable, at
least one) set it when adding a partner or making a user one; \`scope\` replaces a partner's scope.
--email (or \`email\`; "-" removes it) is where a partner's own scheduled reports go.`;

class UsageError extends Error {}

/**
 * The database only: users are managed the same whatever mode a server would start in, and
 * no start-up accounts (demo or bootstrap) appear as a side effect of a command.
 */
const getDb = async () => (await openToolDatabase()).db;

export async function main(argv: string[]): Promise<number> {
  try {
    const { positional, password, scope, email } = parseArgs(argv);
    const [command, ...args] = positional;
    switch (command) {
      case "add":
        await add(args, password, scope, email);
        break;
      case "passwd":
        await passwd(args, password);
        break;
      case "role":
        await role(args, scope);
        break;
      case "scope":
        await setScope(args, scope);
        break;
      case "email":
        await setEmail(args);
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

/** The scope flags as given: undefined when neither was. */
interface ScopeArgs {
  subAffiliateUids: string[];
  inviteCodes: string[];
}

function parseArgs(argv: string[]): { positional: string[]; password?: string; scope?: ScopeArgs; email?: string } {
  const positional: string[] = [];
  let password: string | undefined;
  let email: string | undefined;
  let scope: ScopeArgs | undefined;
  const SCOPE_FLAGS = { "--sub-uid": "subAffiliateUids", "--invite-code": "inviteCodes" } as const;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    if (Object.hasOwn(SCOPE_FLAGS, flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value.`);
      scope ??= { subAffiliateUids: [], inviteCodes: [] };
      scope[SCOPE_FLAGS[flag as keyof typeof SCOPE_FLAGS]].push(value);
    } else if (a === "--password") {
      password = argv[++i];
      if (password === undefined) throw new UsageError("--password needs a value.");
    } else if (a.startsWith("--password=")) {
      password = a.slice("--password=".length);
    } else if (flag === "--email") {
      email = inline ?? argv[++i];
      if (email === undefined) throw new UsageError("--email needs a value.");
    } else if (a === "-h" || a === "--help") {
      throw new UsageError("");
    } else {
      positional.push(a);
    }
  }
  return { positional, password, scope, email };
}

/** An email checked by the admin API's rule (lib/contract/user-email.ts). */
function emailArg(given: string, flag: string): string {
  const parsed = userEmailSchema.safeParse(given);
  if (!parsed.success) throw new Error(`${flag} ${parsed.error.issues[0]!.message}.`);
  return parsed.data;
}

/** The scope flags checked by the admin API's rules (lib/contract/scope.ts). */
function scopeArg(given: ScopeArgs | undefined, r: UserRole): Scope | undefined {
  if (r !== "partner") {
    if (given) throw new UsageError("--sub-uid and --invite-code are only for the partner role.");
    return undefined;
  }
  if (!given) throw new UsageError("A partner needs a scope: --sub-uid <uid> and/or --invite-code <code> (each repeatable).");
  const parsed = scopeSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = issue.path[0] === "subAffiliateUids" ? "--sub-uid" : issue.path[0] === "inviteCodes" ? "--invite-code" : "The scope";
    throw new Error(`${flag} ${issue.message}.`);
  }
  return parsed.data;
}

function scopeText(s: Scope | null): string {
  if (!s) return "";
  return [...s.subAffiliateUids.map((u) => `sub-uid ${u}`), ...s.inviteCodes.map((c) => `invite-code ${c}`)].join(", ");
}

function usernameArg(args: string[], count: number): string {
  if (args.length !== count) throw new UsageError("Wrong number of arguments.");
  const username = normalizeUsername(args[0]!);
  const problem = usernameProblem(username);
  if (problem) throw new Error(`The username ${problem}.`);
  return username;
}

function roleArg(value: string | undefined): UserRole {
  if (!USER_ROLES.includes(value as UserRole)) throw new UsageError(`The role must be one of ${USER_ROLES.join(", ")}.`);
  return value as UserRole;
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

async function add(args: string[], given: string | undefined, scopeFlags: ScopeArgs | undefined, emailFlag: string | undefined) {
  const username = usernameArg(args, 2);
  const r = roleArg(args[1]);
  const scope = scopeArg(scopeFlags, r);
  const email = emailFlag === undefined ? undefined : emailArg(emailFlag, "--email");
  const { password, generated } = await obtainPassword(given);
  try {
    await createUser(await getDb(), { username, password, role: r, scope, email });
  } catch (e) {
    if (e instanceof UsernameTakenError) throw new Error(`The username "${username}" is already taken.`);
    throw e;
  }
  await audited("user.create", { target: username, role: r, ...(scope ? { scope } : {}), ...(email ? { email } : {}) });
  console.log(`Added ${username} (${r}${scope ? `: ${scopeText(scope)}` : ""}${email ? `; email ${email}` : ""}).`);
  if (generated) console.log(`Generated password (shown once): ${password}`);
}

async function change(username: string, changes: UserChanges, detail: Record<string, unknown>) {
  const db = await getDb();
  const user = await requireUser(username);
  const losesAdmin = user.role === "admin" && !user.disabled && ((changes.role && changes.role !== "admin") || changes.disabled === true);
  if (losesAdmin && (await countActiveAdmins(db)) <= 1) {
    throw new Error(`${username} is the last enabled admin; add another admin first.`);
  }
  // (a new password or disabling also ends their API tokens and share links: lib/db/credentials.ts;
  // a running server refuses those tokens within its cache time, 5 s, the links at once)
  const revoked = (await changeUserRow(db, user.id, changes))?.revoked ?? null;
  await audited("user.update", { target: username, ...detail, ...(revoked ? { revoked } : {}) });
  return revoked;
}

/** What a password reset or disabling ended besides the sessions, in a sentence. */
function revokedText(revoked: RevokedCredentials | null): string {
  if (!revoked) return "";
  const tokens = revoked.tokens.map((t) => `"${t.name}"`).join(", ");
  const links = revoked.shareLinks.map((l) => `${l.page} (${l.id})`).join(", ");
  return ` Revoked ${revoked.tokens.length} API token(s)${tokens ? `: ${tokens}` : ""}; ${revoked.shareLinks.length} share link(s)${links ? `: ${links}` : ""}.`;
}

async function passwd(args: string[], given: string | undefined) {
  const username = usernameArg(args, 1);
  await requireUser(username);
  const { password, generated } = await obtainPassword(given);
  const revoked = await change(username, { password }, { passwordReset: true });
  console.log(`New password set for ${username}; their sessions have ended.${revokedText(revoked)}`);
  if (generated) console.log(`Generated password (shown once): ${password}`);
}

async function role(args: string[], scopeFlags: ScopeArgs | undefined) {
  const username = usernameArg(args, 2);
  const r = roleArg(args[1]);
  const before = await requireUser(username);
  // (a partner staying a partner keeps their scope unless flags give a new one)
  const scope = r === "partner" && before.role === "partner" && !scopeFlags ? undefined : scopeArg(scopeFlags, r);
  await change(username, { role: r, scope }, { role: { from: before.role, to: r }, ...(scope ? { scope } : {}) });
  console.log(`${username} is now ${r}${scope ? ` (${scopeText(scope)})` : ""}.`);
}

async function setScope(args: string[], scopeFlags: ScopeArgs | undefined) {
  const username = usernameArg(args, 1);
  const before = await requireUser(username);
  if (before.role !== "partner") throw new Error(`${username} is not a partner (${before.role}); only a partner has a scope.`);
  const scope = scopeArg(scopeFlags, "partner")!;
  await change(username, { scope }, { scope: { from: scopeOf(before), to: scope } });
  console.log(`${username} now sees: ${scopeText(scope)}.`);
}

async function setEmail(args: string[]) {
  if (args.length !== 2) throw new UsageError("Wrong number of arguments.");
  const username = usernameArg(args.slice(0, 1), 1);
  const before = await requireUser(username);
  const email = args[1] === "-" ? null : emailArg(args[1]!, "The email");
  await change(username, { email }, { email: { from: before.email, to: email } });
  console.log(email ? `${username}'s email is now ${email}.` : `${username} has no email now.`);
}

async function setDisabled(args: string[], disabled: boolean) {
  const username = usernameArg(args, 1);
  const revoked = await change(username, { disabled }, { disabled });
  console.log(disabled ? `${username} is disabled; their sessions have ended.${revokedText(revoked)}` : `${username} is enabled.`);
}

async function list() {
  const users = await listUsers(await getDb());
  if (!users.length) {
    console.log("No users yet. Add one with: npm run users -- add <username> admin");
    return;
  }
  const rows = users.map((u) => [u.username, u.role, u.disabled ? "disabled" : "enabled", u.createdAt.toISOString().slice(0, 19).replace("T", " "), [scopeText(scopeOf(u)), u.email ? `email ${u.email}` : ""].filter(Boolean).join("; ")]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length), ["USERNAME", "ROLE", "STATUS", "CREATED (UTC)"][i]!.length));
  const line = (r: string[]) => r.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c)).join("  ").trimEnd();
  console.log(line(["USERNAME", "ROLE", "STATUS", "CREATED (UTC)", "SCOPE; EMAIL"]));
  for (const r of rows) console.log(line(r));
}
