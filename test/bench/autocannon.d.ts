// The part of autocannon's API the sandbox bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface RequestSpec {
    method?: string;
    setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: RequestSpec[];
  }
  export default function autocannon(options: Options): Promise<Result>;
}
