import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestChecked } from './outbound-request.ts';
import type { CheckedUrl } from './outbound-url.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

/** An HTTP server on host:port (0: any free port) that records what reaches it. */
async function serve(host: string, handler: http.RequestListener, port = 0) {
  const hits: Array<{ url: string; host: string | undefined; body: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({
        url: req.url ?? '',
        host: req.headers.host,
        body: Buffer.concat(chunks).toString(),
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  servers.push(server);
  return { hits, port: (server.address() as AddressInfo).port };
}

/** What the guard would hand over for a name only the test knows (no DNS can resolve it). */
const checked = (url: string, ...addresses: string[]): CheckedUrl => {
  const u = new URL(url);
  return {
    url: u,
    hostname: u.hostname,
    addresses: addresses.map((address) => ({ address, family: 4 })),
    allowListed: true,
  };
};

const post = {
  method: 'POST' as const,
  headers: { 'content-type': 'text/plain' },
  timeoutMs: 2_000,
};

describe('requestChecked', () => {
  it('connects to the checked address, naming the host it was asked for', async () => {
    const a = await serve('127.0.0.1', (_req, res) => res.writeHead(201).end());
    // A second server on the same port of another loopback address: a resolver rebinding the
    // name would land here.
    const b = await serve('127.0.0.2', (_req, res) => res.writeHead(201).end(), a.port);
    const target = checked(`http://push.nome-de-teste.invalid:${a.port}/p/1?x=2`, '127.0.0.1');
    const res = await requestChecked(target, { ...post, body: Buffer.from('olá') });
    expect(res.status).toBe(201);
    expect(a.hits).toEqual([
      { url: '/p/1?x=2', host: `push.nome-de-teste.invalid:${a.port}`, body: 'olá' },
    ]);
    expect(b.hits).toEqual([]);

    const toB = checked(`http://push.nome-de-teste.invalid:${a.port}/p/2`, '127.0.0.2');
    expect((await requestChecked(toB, post)).status).toBe(201);
    expect(b.hits.map((h) => h.url)).toEqual(['/p/2']);
    expect(a.hits).toHaveLength(1);
  });

  it('never follows a redirect', async () => {
    const inside = await serve('127.0.0.1', (_req, res) => res.writeHead(200).end());
    const redirecting = await serve('127.0.0.1', (_req, res) =>
      res.writeHead(307, { location: `http://127.0.0.1:${inside.port}/meta-data` }).end(),
    );
    const target = checked(`http://push.invalid:${redirecting.port}/p`, '127.0.0.1');
    expect(await requestChecked(target, post)).toEqual({ status: 307 });
    expect(inside.hits).toEqual([]);
  });

  it('gives up on a service that never answers', async () => {
    const hung = await serve('127.0.0.1', () => undefined);
    const target = checked(`http://push.invalid:${hung.port}/p`, '127.0.0.1');
    const started = Date.now();
    await expect(requestChecked(target, { ...post, timeoutMs: 300 })).rejects.toThrow(
      'sem resposta em 300 ms',
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops reading a huge answer and still gives its status', async () => {
    const chatty = await serve('127.0.0.1', (_req, res) => {
      res.writeHead(500);
      res.end(Buffer.alloc(1024 * 1024, 'a'));
    });
    const target = checked(`http://push.invalid:${chatty.port}/p`, '127.0.0.1');
    expect(await requestChecked(target, post)).toEqual({ status: 500 });
  });
});
