import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** A change the browser tabs should hear about (small payload; tabs refetch what they need). */
export interface AppEvent {
  type: string;
  userIds?: number[];
  data?: Record<string, unknown>;
}

const CHANNEL = 'eproto_events';

/**
 * Event bus shared by every app node: publish goes through PostgreSQL NOTIFY, and each node
 * LISTENs and re-emits locally to its own subscribers (SSE streams, cache invalidation).
 */
export class EventBus {
  private readonly local = new EventEmitter();
  private listener: pg.PoolClient | null = null;
  private readonly nodeId = randomUUID();

  constructor(private readonly pool: pg.Pool) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    const client = await this.pool.connect();
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { node, ...event } = JSON.parse(msg.payload) as AppEvent & { node?: string };
        // This node already delivered its own events synchronously in publish().
        if (node !== this.nodeId) this.local.emit('event', event);
      } catch {
        /* ignore malformed payloads */
      }
    });
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  /** Publishes an event to every node; call it after the transaction has committed. */
  async publish(event: AppEvent): Promise<void> {
    this.local.emit('event', event);
    if (!this.listener) return;
    const payload = JSON.stringify({ ...event, node: this.nodeId });
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  }

  subscribe(fn: (e: AppEvent) => void): () => void {
    this.local.on('event', fn);
    return () => this.local.off('event', fn);
  }

  async stop(): Promise<void> {
    if (!this.listener) return;
    await this.listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
    this.listener.release();
    this.listener = null;
  }
}
