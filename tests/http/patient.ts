/**
 * The HTTP tests share one dashboard and so one WEEX weight budget: after a large export the
 * budget may be spent for a few seconds and a route answers 429 with Retry-After. A test that
 * is not about rate limiting waits as the contract says and asks again, as a person would.
 */
export async function patiently<T extends { status: number; headers: Headers }>(call: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const r = await call();
    if (r.status !== 429 || attempt >= attempts) return r;
    if (r instanceof Response) await r.body?.cancel();
    const seconds = Number(r.headers.get("retry-after") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 1) * 1000 + 100));
  }
}
