// One autocannon run, its latencies taken from each answer as autocannon times it (`response` events),
// for the benchmarks that compare latencies (bench:spaces, bench:places).
import autocannon from 'autocannon';

/** One autocannon run, its latencies taken over the answers on established connections (below). */
export type Cannon = { result: autocannon.Result; p50: number; p99: number; mean: number; firstAnswerMax: number };
function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}
/**
 * autocannon opens all its connections at once when a run starts, and the first answer on each came up to
 * 1.5 s late on this loaded 2-core machine, for every server alike, while the servers' own time from request
 * to answer stayed at their usual p99 (max 346 ms): the time went before the server had the request, while
 * the connection opened (no listen-queue overflow). At ~3 s per run those 50 answers were 2–4 % of a run's
 * requests, so the p99 was the start of the run, not the server. The
 * percentiles and the mean are therefore taken over the answers on connections already open (every answer
 * but each connection's first); the slowest first answer is kept beside them (docs/decisions/0703).
 * They keep autocannon's sub-millisecond timing: its own histogram records whole milliseconds, too coarse
 * for a ratio of two latencies of a few milliseconds (bench:places at one connection: 8 ms against 5 ms).
 */
export function cannon(options: autocannon.Options): Promise<Cannon> {
  return new Promise((resolve, reject) => {
    const opened = new Set<object>();
    const first: number[] = [];
    const steady: number[] = [];
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      steady.sort((a, b) => a - b);
      resolve({ result, p50: percentile(steady, 50), p99: percentile(steady, 99), mean: steady.reduce((n, v) => n + v, 0) / Math.max(1, steady.length), firstAnswerMax: Math.max(0, ...first) });
    }).on('response', (client, _status, _bytes, ms) => {
      if (opened.has(client)) steady.push(ms);
      else {
        opened.add(client);
        first.push(ms);
      }
    });
  });
}
