import { clear, createStore, del, get, set, values } from 'idb-keyval';

import type { OutboxItem } from './outbox-types.ts';

// Its own database: idb-keyval opens one object store per database.
let store: ReturnType<typeof createStore> | null = null;
const outboxStore = () => (store ??= createStore('eproto-outbox', 'writes'));

/** IndexedDB storage of the outbox: survives reloads, closed tabs and restarted phones. */
export const outboxStorage = {
  all: () => values<OutboxItem>(outboxStore()),
  get: (key: string) => get<OutboxItem>(key, outboxStore()),
  put: (item: OutboxItem) => set(item.key, item, outboxStore()),
  remove: (key: string) => del(key, outboxStore()),
  clear: () => clear(outboxStore()),
};
