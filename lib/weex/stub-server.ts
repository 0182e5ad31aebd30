/**
 * A tiny scripted HTTP server for the client's unit tests (not the simulator): each request is
 * recorded and answered by the current handler, so a test can count what really went over the
 * wire and play any failure (5xx, 429, bad JSON, hang, dropped connection).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubRequest {
  /** Date.now() when it arrived */
  at: number;
  method: string;
  /** path and query as received */
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type StubAnswer =
  | { status?: number; body?: string | object; headers?: Record<string, string>; delayMs?: number }
  /** never answer (the client must time out) */
  | "hang"
  /** close the socket without an answer */
  | "drop";

export type StubHandler = (req: StubRequest, index: number) => StubAnswer;

export interface StubServer {
  url: string;
  requests: StubRequest[];
  /** answer every request with `handler` from now on */
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startStubServer(handler: StubHandler = () => ({ body: {} })): Promise<StubServer> {
  let current = handler;
  const requests: StubRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded: StubRequest = { at: Date.now(), method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(recorded);
      const answer = current(recorded, requests.length - 1);
      if (answer === "hang") return;
      if (answer === "drop") return void req.socket.destroy();
      const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
      setTimeout(() => {
        res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
        res.end(body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(h) {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
