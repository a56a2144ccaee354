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
    /** The running instance: 'response' is emitted for every answer, with its connection's client object. */
    type Instance = { on(event: 'response', listener: (client: object, statusCode: number, resBytes: number, responseTime: number) => void): Instance };
    type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; '2xx': number };
  }
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
