/**
 * Real parts for the alerts tests: an HTTP receiver that records what arrived and counts every
 * connection made to it (and can fail, hang, redirect or answer without end on demand), an
 * SMTP server (smtp-server) whose messages are parsed with mailparser, archive rows
 * written straight into the archive tables, and an engine sending to them.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Database, Db } from "@/lib/db/connection";
import type { TestBackend } from "@/lib/db/test-support";
import { realChannels } from "./channels";
import { AlertEngine } from "./engine";
import { signCsvLink } from "./report";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * What the next request gets: a status; "hang" (no answer); `{ redirect }` (a 302 there);
 * "flood" (200, then a body without end: `flooded` says how much was written and for how long
 * until the sender closed the connection).
 */
export type ReceiverAnswer = number | "hang" | "flood" | { redirect: string };

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted, requests or not */
  connections: number;
  script: ReceiverAnswer[];
  /** a "flood" answer's bytes written and milliseconds until the sender hung up (null: none ended yet) */
  flooded: { bytes: number; ms: number } | null;
  close(): Promise<void>;
}

/** A receiver on `host` (default 127.0.0.1), on `port` (default: a free one). */
export async function startReceiver(opts: { host?: string; port?: number } = {}): Promise<Receiver> {
  const host = opts.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const next = receiver.script.shift() ?? 200;
      if (next === "hang") return; // never answers; the sender's timeout ends it
      if (next === "flood") {
        // 1 KB every 5 ms for as long as the connection stays open: what was written by the
        // close is about what the sender read (no buffer fills up at this pace).
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const started = Date.now();
        const chunk = Buffer.alloc(1024, 120);
        let bytes = 0;
        const timer = setInterval(() => {
          if (res.destroyed) return;
          res.write(chunk);
          bytes += chunk.length;
        }, 5);
        res.on("close", () => {
          clearInterval(timer);
          receiver.flooded = { bytes, ms: Date.now() - started };
        });
        return;
      }
      if (typeof next === "object") {
        res.writeHead(302, { location: next.redirect }).end();
        return;
      }
      res.writeHead(next, { "content-type": "text/plain" }).end(next < 300 ? "ok" : "no");
    });
  });
  server.on("connection", () => receiver.connections++);
  await new Promise<void>((r) => server.listen(opts.port ?? 0, host, r));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/hook`,
    port,
    received: [],
    connections: 0,
    script: [],
    flooded: null,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return receiver;
}

/** An address of this machine that is not loopback (IPv4 first), or null when it has none. */
export function nonLoopbackAddress(): string | null {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []).filter((a) => !a.internal && !a.address.startsWith("fe80:"));
  return (all.find((a) => a.family === "IPv4") ?? all[0])?.address ?? null;
}

export interface MailCatcher {
  url: string;
  port: number;
  mails: ParsedMail[];
  /** recipients refused (RCPT TO answered 550) while listed here */
  refuse: Set<string>;
  close(): Promise<void>;
}

/**
 * An SMTP server in this process, without STARTTLS, on `host` (default 127.0.0.1; "0.0.0.0":
 * every address of this machine, `url` then names 127.0.0.1); `user`/`password` makes it
 * require that login.
 */
export async function startMailCatcher(auth?: { user: string; password: string }, host = "127.0.0.1"): Promise<MailCatcher> {
  const mails: ParsedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(a, _session, cb) {
      if (auth && a.username === auth.user && a.password === auth.password) cb(null, { user: a.username });
      else cb(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, cb) {
      if (refuse.has(address.address)) cb(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      else cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          cb();
        })
        .catch((e: Error) => cb(e));
    },
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.server.address() as AddressInfo;
  const cred = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@` : "";
  const at = host === "0.0.0.0" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return { url: `smtp://${cred}${at}:${port}`, port, mails, refuse, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Wait until `check` holds (polling), or fail with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** One sub-affiliate's records: { "YYYY-MM-DD": [volume, commission] } for a product. */
export async function seedDaily(db: Db, uid: string, productType: string, days: Record<string, [string, string]>): Promise<void> {
  for (const [day, [v, c]] of Object.entries(days)) {
    const fee = new Decimal(c).times(2).toString();
    await db.execute(sql`INSERT INTO archive_sub_affiliate_daily (sub_affiliate_uid, product_type, day, trading_volume, net_trading_fee, paid_commission, synced_at)
      VALUES (${uid}, ${productType}, ${day}::date, ${v}, ${fee}, ${c}, 0)
      ON CONFLICT (sub_affiliate_uid, product_type, day) DO UPDATE SET trading_volume = EXCLUDED.trading_volume, net_trading_fee = EXCLUDED.net_trading_fee, paid_commission = EXCLUDED.paid_commission`);
  }
  // The per-day totals, recomputed from the rows as the sync keeps them.
  await db.execute(sql`DELETE FROM archive_sub_affiliate_day_total`);
  await db.execute(sql`INSERT INTO archive_sub_affiliate_day_total (product_type, day, records, trading_volume, net_trading_fee, paid_commission)
    SELECT product_type, day, COUNT(*), SUM(trading_volume), SUM(net_trading_fee), SUM(paid_commission) FROM archive_sub_affiliate_daily GROUP BY product_type, day`);
}

export async function seedInvitee(db: Db, uid: string, t: { register: number; kyc?: boolean; firstDeposit?: number | null; firstTrade?: number | null; lastTrade?: number | null; inviteCode?: string }): Promise<void> {
  await db.execute(sql`INSERT INTO archive_invitee (uid, register_time, kyc_result, first_deposit, first_trade, last_trade, invite_code, synced_at)
    VALUES (${uid}, ${t.register}, ${t.kyc ?? false}, ${t.firstDeposit ?? null}, ${t.firstTrade ?? null}, ${t.lastTrade ?? null}, ${t.inviteCode ?? null}, 0)`);
}

/** Say the archive synced both datasets at `at` (what the rules wait for). */
export async function markSynced(db: Db, at: number): Promise<void> {
  for (const dataset of ["subAffiliates", "invitees"]) {
    await db.execute(sql`INSERT INTO archive_dataset (dataset, state, synced_at, last_success_at, updated_at) VALUES (${dataset}, 'idle', ${at}, ${at}, ${at})
      ON CONFLICT (dataset) DO UPDATE SET synced_at = EXCLUDED.synced_at, last_success_at = EXCLUDED.last_success_at`);
  }
}

/** "YYYY-MM-DD" days from `first` on, `n` of them. */
export function dayRange(first: string, n: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * A webhook receiver and a mail catcher for a whole test file: started before its tests and
 * closed after them. Read them as `channels.receiver` and `channels.mail` inside the tests.
 */
export function channelsPerFile(): { receiver: Receiver; mail: MailCatcher } {
  const channels = {} as { receiver: Receiver; mail: MailCatcher };
  beforeAll(async () => {
    channels.receiver = await startReceiver();
    channels.mail = await startMailCatcher();
  });
  afterAll(async () => {
    await channels.receiver.close();
    await channels.mail.close();
  });
  return channels;
}

/**
 * A fresh database of `backend` before each test of the calling suite, handed to `opened`, and
 * closed after the test; the file's channels start each test empty (nothing received, no scripted
 * answers, no refused recipients), so one test's deliveries never count in the next.
 */
export function freshDatabasePerTest(backend: TestBackend, channels: { receiver: Receiver; mail: MailCatcher }, opened: (database: Database) => void): void {
  let database: Database | undefined;
  beforeEach(async () => {
    database = await backend.open();
    opened(database);
    channels.receiver.received.length = 0;
    channels.receiver.script.length = 0;
    channels.mail.mails.length = 0;
    channels.mail.refuse.clear();
  }, 60_000);
  afterEach(async () => {
    await database?.close();
  });
}


/** An engine on `db` sending to the file's channels (the receiver on 127.0.0.1, allowed on purpose, as ALERT_WEBHOOK_ALLOW_HOSTS does). */
export function engineSendingTo(db: Db, channels: { mail: MailCatcher }): AlertEngine {
  return new AlertEngine({
    db,
    channels: realChannels({ webhookTimeoutMs: 300, smtpUrl: channels.mail.url, mailFrom: "Dashboard <dash@example.test>", webhookPolicy: { allow: [{ host: "127.0.0.1", port: null }], never: [] } }),
    settings: { retryBaseMs: 1_000 },
    csvLink: (from, to, expires) => signCsvLink("http://dash.example.test", "test-link-secret", from, to, expires),
  });
}
