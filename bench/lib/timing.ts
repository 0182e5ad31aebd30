/** `fn` once to warm up, then `runs` times: the median and the worst run, in ms. */
export async function timeRuns(fn: () => Promise<unknown>, runs: number): Promise<{ median: number; worst: number }> {
  await fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[ms.length >> 1], worst: ms[ms.length - 1] };
}
