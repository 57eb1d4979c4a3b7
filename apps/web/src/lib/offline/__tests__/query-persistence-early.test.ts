// jsdom + fake-indexeddb: public/theme-init.js starts reading the kept cache before the app's
// scripts arrive; the persister takes that read once, and reads IndexedDB itself otherwise.
import 'fake-indexeddb/auto';

import { IDBFactory } from 'fake-indexeddb';

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';

import { idbPersister } from '../query-persistence.ts';

const THEME_INIT = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/theme-init.js'),
  'utf8',
);

const client = (n: number): PersistedClient => ({
  timestamp: n,
  buster: 'offline-v1',
  clientState: { mutations: [], queries: [] },
});

type EarlyWindow = { __eprotoKeptCache?: Promise<PersistedClient | undefined> };
const early = () => (window as unknown as EarlyWindow).__eprotoKeptCache;

/** Runs public/theme-init.js as the page does, in this window. */
const runThemeInit = () => vm.runInNewContext(THEME_INIT, { window, Promise });

beforeEach(async () => {
  delete (window as unknown as EarlyWindow).__eprotoKeptCache;
  await idbPersister.removeClient();
});

describe('the kept query cache read before the app starts', () => {
  it('theme-init.js reads what the persister wrote (same database, store and key)', async () => {
    // What idb-keyval keeps for the persister (the throttled write, done here at once).
    await set('query-client', client(41), createStore('eproto-cache', 'queries'));
    runThemeInit();
    expect(early()).toBeInstanceOf(Promise);
    expect((await early())?.timestamp).toBe(41);
    // The restore takes that read, once.
    expect((await idbPersister.restoreClient())?.timestamp).toBe(41);
    expect(early()).toBeUndefined();
  });

  it('on a device that never kept anything, it creates the store idb-keyval expects', async () => {
    const kept = globalThis.indexedDB;
    globalThis.indexedDB = new IDBFactory(); // a device with no database yet
    try {
      runThemeInit();
      expect(await early()).toBeUndefined();
      // idb-keyval opens the database theme-init.js created and finds its store there.
      const store = createStore('eproto-cache', 'queries');
      await set('query-client', client(7), store);
      expect((await get<PersistedClient>('query-client', store))?.timestamp).toBe(7);
    } finally {
      globalThis.indexedDB = kept;
    }
  });

  it('takes the early read only once: a later restore reads IndexedDB', async () => {
    (window as unknown as EarlyWindow).__eprotoKeptCache = Promise.resolve(client(1));
    expect((await idbPersister.restoreClient())?.timestamp).toBe(1);
    await set('query-client', client(2), createStore('eproto-cache', 'queries'));
    expect((await idbPersister.restoreClient())?.timestamp).toBe(2);
  });

  it('falls back to IndexedDB when the early read failed', async () => {
    await set('query-client', client(3), createStore('eproto-cache', 'queries'));
    const failed = Promise.reject(new Error('blocked'));
    failed.catch(() => undefined);
    (window as unknown as EarlyWindow).__eprotoKeptCache = failed;
    expect((await idbPersister.restoreClient())?.timestamp).toBe(3);
  });
});
