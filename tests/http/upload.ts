/**
 * A request whose body is sent chunked (no Content-Length) over a raw socket, as fast as the
 * server takes it, counting the bytes: how much had gone when the answer came, and how much
 * when the server closed the connection. A route that reads a body whole is seen reading it to
 * the end; one that stops at its limit and closes is seen doing that after little.
 */
import net from "node:net";

export interface Upload {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** body bytes handed to the network when the first byte of the answer arrived (null: none came) */
  sentAtAnswer: number | null;
  /** body bytes handed to the network in all */
  sent: number;
  /** whether the server closed the connection (FIN or reset) before the test gave up on it */
  closedByServer: boolean;
}

export interface UploadOptions {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** how many body bytes to offer at most */
  total: number;
  /** after everything was offered, how long to wait for an answer and the close */
  waitMs?: number;
}

const CHUNK = 64 * 1024;

export function chunkedUpload(base: string, opts: UploadOptions): Promise<Upload> {
  const { hostname, port } = new URL(base);
  const data = Buffer.alloc(CHUNK, "a");
  const frame = Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
  const head =
    `${opts.method} ${opts.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nTransfer-Encoding: chunked\r\n` +
    Object.entries(opts.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("") +
    "\r\n";

  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let queued = 0;
    let sent = 0;
    let sentAtAnswer: number | null = null;
    let closedByServer = false;
    const answer: Buffer[] = [];
    let giveUp: NodeJS.Timeout | undefined;

    socket.on("data", (d) => {
      sentAtAnswer ??= sent;
      answer.push(d);
    });
    socket.on("end", () => {
      closedByServer = true;
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      // EPIPE / ECONNRESET: the server closed the connection while the test was still writing
      if (e.code === "EPIPE" || e.code === "ECONNRESET") closedByServer = true;
    });
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ ...parseAnswer(Buffer.concat(answer)), sentAtAnswer, sent, closedByServer });
    });

    const pump = () => {
      while (!socket.destroyed && queued < opts.total) {
        queued += CHUNK;
        const more = socket.write(frame, (e) => {
          if (!e) sent += CHUNK;
        });
        if (!more) {
          socket.once("drain", pump);
          return;
        }
      }
      if (socket.destroyed) return;
      // everything offered: end the body, then wait for the server's answer and close
      socket.write("0\r\n\r\n");
      giveUp = setTimeout(() => socket.destroy(), opts.waitMs ?? 30_000);
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
  });
}

/** Status, headers (lower-case names) and body of an HTTP/1.1 answer (chunked or not). */
function parseAnswer(raw: Buffer): Pick<Upload, "status" | "headers" | "body"> {
  const text = raw.toString("latin1");
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) return { status: 0, headers: {}, body: "" };
  const [statusLine, ...lines] = text.slice(0, split).split("\r\n");
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).trim().toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
  let body = raw.subarray(Buffer.byteLength(text.slice(0, split + 4), "latin1"));
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = body.indexOf("\r\n", at);
      if (eol < 0) break;
      const size = parseInt(body.subarray(at, eol).toString("latin1"), 16);
      if (!(size > 0)) break;
      parts.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8") };
}
