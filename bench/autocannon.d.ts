// The part of autocannon's API the benches use (the package ships no types): the callback form and the
// promise form (no callback given).
declare module 'autocannon' {
  namespace autocannon {
    type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Array<RawRequest & { setupRequest?: (req: RawRequest) => RawRequest }>;
    };
    type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
    type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; '2xx': number };
  }
  /** The running instance (callback form): 'response' gives each answer's latency in ms. */
  type Instance = { on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): Instance };
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): Instance;
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
