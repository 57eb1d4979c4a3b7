import type { Tx } from '../db/client.ts';
import type { Storage } from '../lib/storage.ts';
import type { DemoKey } from './demo-users.ts';

/** What each area's demo seeder receives; `shared` carries ids between seeders. */
export interface SeedContext {
  tx: Tx;
  people: Record<DemoKey, number>;
  shared: Record<string, unknown>;
  /** File storage for demo attachments; absent when the caller has none (then seeders skip files). */
  storage?: Storage;
}
