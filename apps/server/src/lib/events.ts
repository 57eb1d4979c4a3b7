import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { INTERNAL_EVENTS, type InternalEventType, type RealtimeEventType } from '@eproto/domain';
import pg from 'pg';
import { stampOrigin } from './change-origin.ts';

/**
 * A change the browser tabs should hear about (small payload): its type (@eproto/domain
 * RT_EVENTS), the row (`id`) and its version (`updated_at` ISO) when it is about one,
 * and the tab that caused it (`origin`, filled by publish() from the write's X-Origin).
 */
export interface AppEvent {
  type: RealtimeEventType | InternalEventType;
  userIds?: number[];
  id?: number;
  version?: string;
  origin?: string;
  data?: Record<string, unknown>;
}

const CHANNEL = 'eproto_events';

/**
 * Emitted on this node only, after the LISTEN connection came back from an outage: events of
 * other nodes may have been missed, so caches start over and open tabs refetch.
 */
export const BUS_RESYNC = INTERNAL_EVENTS.busResync;

interface BusLog {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

const silent: BusLog = { info: () => undefined, warn: () => undefined };

export interface EventBusOptions {
  /**
   * PostgreSQL itself (DATABASE_DIRECT_URL), for the LISTEN connection: a pooler in transaction
   * mode (PgBouncer) hands each transaction to any server connection, so a LISTEN made through
   * it hears nothing. Without it the bus listens on a connection taken from the pool.
   */
  directUrl?: string;
}

/** The one connection that LISTENs, and how to let go of it (broken or not). */
interface ListenConnection {
  client: pg.ClientBase;
  close: (err?: Error) => void;
}

/**
 * Event bus shared by every app node: publish goes through PostgreSQL NOTIFY, and each node
 * LISTENs and re-emits locally to its own subscribers (SSE streams, cache invalidation).
 */
export class EventBus {
  private readonly local = new EventEmitter();
  private listener: ListenConnection | null = null;
  private detach: (() => void) | null = null;
  private readonly nodeId = randomUUID();
  private started = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: BusLog = silent,
    private readonly options: EventBusOptions = {},
  ) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.started = true;
    await this.listen();
  }

  /** A connection of its own to PostgreSQL (directUrl), else one taken from the pool. */
  private async connect(): Promise<ListenConnection> {
    if (!this.options.directUrl) {
      const client = await this.pool.connect();
      // Destroys a broken connection instead of handing it back to the pool.
      return { client, close: (err) => client.release(err) };
    }
    const client = new pg.Client({
      connectionString: this.options.directUrl,
      application_name: 'eproto-listen',
    });
    // Heard by onLost below once connected; before that connect() rejects.
    client.on('error', () => undefined);
    await client.connect();
    return { client, close: () => void client.end().catch(() => undefined) };
  }

  /** Opens the LISTEN connection; when it drops, listens again with backoff (0.25 s to 5 s). */
  private async listen(): Promise<void> {
    const conn = await this.connect();
    const { client } = conn;
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
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener === conn) this.listener = null;
      conn.close(err ?? new Error('LISTEN connection ended'));
      if (this.started) {
        this.log.warn('Conexão LISTEN/NOTIFY perdida; reconectando.');
        this.relisten(250);
      }
    };
    const onEnd = () => onLost();
    client.once('error', onLost);
    client.once('end', onEnd);
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      throw err;
    }
    this.listener = conn;
    this.detach = () => {
      lost = true;
      client.off('error', onLost);
      client.off('end', onEnd);
    };
  }

  private relisten(delayMs: number): void {
    if (this.retry || !this.started) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.started || this.listener) return;
      this.listen().then(
        () => {
          this.log.info('LISTEN/NOTIFY reconectado.');
          this.local.emit('event', { type: BUS_RESYNC });
        },
        () => this.relisten(Math.min(delayMs * 2, 5_000)),
      );
    }, delayMs);
    this.retry.unref();
  }

  /**
   * Publishes an event to every node; call it after the transaction has committed. Never
   * throws: the write is already done, this node's subscribers already heard it, and a NOTIFY
   * lost to a database outage is made up by BUS_RESYNC on the other nodes.
   */
  async publish(published: AppEvent): Promise<void> {
    // Published while a write request with X-Origin is being answered: its tab skips it.
    const event = stampOrigin(published);
    this.local.emit('event', event);
    if (!this.started) return;
    const payload = JSON.stringify({ ...event, node: this.nodeId });
    try {
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } catch {
      this.log.warn(`Evento ${event.type} não enviado aos outros nós (banco indisponível).`);
    }
  }

  subscribe(fn: (e: AppEvent) => void): () => void {
    this.local.on('event', fn);
    return () => this.local.off('event', fn);
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const conn = this.listener;
    if (!conn) return;
    this.listener = null;
    this.detach?.();
    this.detach = null;
    await conn.client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
    conn.close();
  }
}
