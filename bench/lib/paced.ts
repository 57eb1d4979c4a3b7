import fs from 'node:fs';
import http from 'node:http';
import type { LoadResult, VaryingRequest } from './load.ts';

/**
 * Open-loop load: one request every 1000 / rate ms, evenly spaced (autocannon's overallRate
 * sends each second's requests in a burst), over at most `connections` keep-alive sockets.
 * Latency is measured from the moment a request was due, so a server that falls behind is not
 * hidden by the client waiting for it (no coordinated omission). With BENCH_PACED_TRACE set to
 * a file, each request adds a line to it (when it was due as epoch ms, its latency in ms, status,
 * path), to lay slow requests beside the server's GC or PostgreSQL's log.
 */
export async function paced(opts: {
  url: string;
  headers: Record<string, string>;
  varying: VaryingRequest;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const origin = new URL(opts.url);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let bytes = 0;
  const interval = 1000 / opts.rate;
  const total = Math.round(opts.rate * opts.seconds);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  const trace: string[] | null = process.env.BENCH_PACED_TRACE ? [] : null;
  const epoch = performance.timeOrigin;

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const { path, body, headers } = opts.varying.next();
      const req = http.request(
        {
          host: origin.hostname,
          port: origin.port,
          method: opts.varying.method,
          path,
          agent,
          headers: {
            ...opts.headers,
            ...headers,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            latencies.push(performance.now() - due);
            trace?.push(
              `${Math.round(epoch + due)} ${(performance.now() - due).toFixed(1)} ${res.statusCode} ${path}`,
            );
            statuses[String(res.statusCode)] = (statuses[String(res.statusCode)] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });

  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  if (trace) fs.appendFileSync(process.env.BENCH_PACED_TRACE!, `${trace.join('\n')}\n`);
  const elapsed = (performance.now() - start) / 1000;
  const s = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? 0) * 10) /
    10;
  const non2xx = Object.entries(statuses)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
    errors,
    non2xx,
    bytesPerReq: Math.round(bytes / (latencies.length || 1)),
    statuses,
  };
}
