// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
  export type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; '2xx': number };
  export default function autocannon(options: { url: string; connections?: number; duration?: number; pipelining?: number; headers?: Record<string, string> }): Promise<Result>;
}
