import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Average response size (bytes, body and headers). */
  bytesPerReq: number;
  /** Responses per HTTP status. */
  statuses: Record<string, number>;
}

/**
 * One request of a sequence; `next()` is called for every request sent. Its `headers` (e.g.
 * another person's cookie) go over the run's.
 */
export interface VaryingRequest {
  method: 'GET' | 'POST' | 'PATCH';
  next: () => { path: string; body?: string; headers?: Record<string, string> };
}

/** Runs autocannon against one URL and returns throughput and latency percentiles. */
export async function load(opts: {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PATCH';
  body?: string;
  /** Varying path/body per request (kanban moves, chat sends); `url` gives the origin. */
  varying?: VaryingRequest;
  connections?: number;
  seconds?: number;
}): Promise<LoadResult> {
  const varying = opts.varying;
  const r = await autocannon({
    url: opts.url,
    headers: opts.headers,
    method: opts.method ?? 'GET',
    body: opts.body,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10),
    ...(varying
      ? {
          requests: [
            {
              method: varying.method,
              setupRequest: (req: autocannon.Request) => {
                const { path, body, headers } = varying.next();
                return {
                  ...req,
                  method: varying.method,
                  path,
                  body,
                  ...(headers ? { headers: { ...req.headers, ...headers } } : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
  const total = r.requests.total || 1;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    non2xx: r.non2xx,
    bytesPerReq: Math.round(r.throughput.total / total),
    statuses: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count ?? 0]),
    ),
  };
}
