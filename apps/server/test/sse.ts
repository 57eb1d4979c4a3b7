import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseRealtimeMessage, type RealtimeMessage } from '@eproto/domain';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { EventBus } from '../src/lib/events.ts';
import { localStorage, type Storage } from '../src/lib/storage.ts';
import type { TestApp } from './helpers.ts';

/** A Server-Sent-Events reader over real HTTP, as a browser tab would hold it. */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every raw block received (messages, comments, retry hints). */
  blocks: string[];
  messages: RealtimeMessage[];
  /** Resolves with the first message (already received or future) that matches. */
  next: (match: (m: RealtimeMessage) => boolean, timeoutMs?: number) => Promise<RealtimeMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** Opens GET /api/events on a listening server with the given session cookie. */
export function openSse(baseUrl: string, cookie: string | null, query = ''): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (cookie) headers.cookie = cookie;
    const req = http.get(`${baseUrl}/api/events${query}`, { headers }, (res) => {
      const waiters = new Set<() => boolean>();
      let buffer = '';
      let endResolve = () => undefined as void;
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        blocks: [],
        messages: [],
        ended: new Promise<void>((r) => (endResolve = r)),
        close: () => req.destroy(),
        next: (match, timeoutMs = 5_000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const found = client.messages.find(match);
              if (!found) return false;
              waiters.delete(check);
              clearTimeout(timer);
              ok(found);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`evento não chegou em ${timeoutMs} ms`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          }),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          client.blocks.push(block);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          const msg = data ? parseRealtimeMessage(data) : null;
          if (msg) client.messages.push(msg);
        }
        for (const w of [...waiters]) w();
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      resolve(client);
    });
    req.on('error', reject);
  });
}

/** Listens on 127.0.0.1 on a free port and returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * A second app node over the same database as `t`, with its own pool and its own event bus
 * (so events reach it only through PostgreSQL NOTIFY), like a second server process.
 */
export async function createSecondNode(t: TestApp, opts: { storage?: Storage } = {}) {
  const url = (t.database.pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  // LISTEN on PostgreSQL itself, as the first node does (through PgBouncer it would hear nothing).
  const database = openDatabase(url, 5, t.database.directUrl);
  const events = new EventBus(database.pool, undefined, {
    directUrl: url === t.database.directUrl ? undefined : t.database.directUrl,
  });
  await events.start();
  const app = await buildApp({
    config: t.config,
    database,
    events,
    storage: opts.storage ?? localStorage(path.join(t.config.dataDir, 'uploads')),
    mailer: () => Promise.resolve(),
  });
  await app.ready();
  return {
    app,
    database,
    events,
    close: async () => {
      await app.close();
      await events.stop();
      await database.close();
    },
  };
}
