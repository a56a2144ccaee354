// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Array<RawRequest & { setupRequest?: (req: RawRequest) => RawRequest }>;
    };
    type Histogram = { average: number; p50: number; p90: number; p99: number; total: number };
    type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  }
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
