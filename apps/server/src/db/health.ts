import pg from 'pg';

export interface DbHealthOptions {
  /** Time between probes (default 1 s). */
  intervalMs?: number;
  /** A probe that takes longer than this counts as a failure (default 3 s). */
  timeoutMs?: number;
}

/** Told when the database goes away and when it is back (once each). */
export type DbHealthChange = (up: boolean, downForMs: number) => void;

/**
 * Knows whether PostgreSQL is reachable and since when it is not: one dedicated connection
 * runs `SELECT 1` every second, outside the pool, so a busy pool never looks like an outage
 * and an outage is seen even when no request comes in. The supervisor of the embedded server
 * also reports a crash at once (markDown).
 */
export class DbHealth {
  private downSince: number | null = null;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private onChange: DbHealthChange = () => undefined;

  constructor(
    private readonly url: string,
    options: DbHealthOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 1_000;
    this.timeoutMs = options.timeoutMs ?? 3_000;
  }

  /** Starts probing every intervalMs; the first probe runs at once. */
  start(onChange?: DbHealthChange): void {
    if (onChange) this.onChange = onChange;
    this.stopped = false;
    this.timer = setInterval(() => void this.probe(), this.intervalMs);
    this.timer.unref();
    void this.probe();
  }

  /** True while the last probe (or a crash report) says the database is unreachable. */
  isDown(): boolean {
    return this.downSince !== null;
  }

  /** Milliseconds since the database became unreachable; 0 while it is up. */
  downForMs(now = Date.now()): number {
    return this.downSince === null ? 0 : now - this.downSince;
  }

  /** Records that the database just went away (kept from the first report). */
  markDown(now = Date.now()): void {
    if (this.downSince !== null) return;
    this.downSince = now;
    this.onChange(false, 0);
  }

  private markUp(): void {
    if (this.downSince === null) return;
    const downFor = Date.now() - this.downSince;
    this.downSince = null;
    this.onChange(true, downFor);
  }

  /** One probe: reconnects when needed, then SELECT 1 within timeoutMs. */
  async probe(): Promise<boolean> {
    if (this.running || this.stopped) return !this.isDown();
    this.running = true;
    try {
      if (!this.client) {
        const client = new pg.Client({
          connectionString: this.url,
          connectionTimeoutMillis: this.timeoutMs,
          query_timeout: this.timeoutMs,
          application_name: 'eproto-health',
        });
        // A lost connection emits 'error' with no query to reject; unheard it ends the process.
        client.on('error', () => undefined);
        this.client = client;
        await client.connect();
      }
      await this.client.query('SELECT 1');
      this.markUp();
      return true;
    } catch {
      const broken = this.client;
      this.client = null;
      void broken?.end().catch(() => undefined);
      if (!this.stopped) this.markDown();
      return false;
    } finally {
      this.running = false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
