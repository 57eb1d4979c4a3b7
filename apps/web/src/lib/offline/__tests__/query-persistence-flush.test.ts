// jsdom: the persister listens to the page's pagehide and visibilitychange.
import 'fake-indexeddb/auto';

import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { idbPersister } from '../query-persistence.ts';

// The write waits for an idle main thread (lib/idle.ts): held here and run by the test, since
// fake timers do not advance requestIdleCallback (and jsdom has none).
const idle = vi.hoisted(() => ({ pending: [] as Array<() => void> }));
vi.mock('../../idle.ts', () => ({
  whenIdle: (run: () => void) => {
    idle.pending.push(run);
    return () => undefined;
  },
}));
const runIdle = () => idle.pending.splice(0).forEach((run) => run());

const client = (n: number): PersistedClient => ({
  timestamp: n,
  buster: 'offline-v1',
  clientState: { mutations: [], queries: [] },
});

/** What IndexedDB holds once its pending transactions are done. */
async function stored(): Promise<number | undefined> {
  // fake-indexeddb completes on real macrotasks; only the 300 ms throttle timer is faked.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return (await idbPersister.restoreClient())?.timestamp;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

beforeEach(async () => {
  await idbPersister.removeClient();
  // The throttle's timer never fires by itself: only the page events can write.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(async () => {
  // Let the pending throttled write (if any) happen before the next test starts.
  vi.runOnlyPendingTimers();
  runIdle();
  vi.useRealTimers();
  setVisibility('visible');
  await stored();
});

describe('the kept query cache on a quick reload', () => {
  it('writes the latest cache at once when the page goes away (pagehide)', async () => {
    await idbPersister.persistClient(client(1));
    await idbPersister.persistClient(client(2));
    window.dispatchEvent(new Event('pagehide'));
    expect(await stored()).toBe(2);
  });

  it('writes the latest cache at once when the page goes to the background', async () => {
    await idbPersister.persistClient(client(3));
    await idbPersister.persistClient(client(4));
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await stored()).toBe(4);
  });

  it('keeps throttling while the page stays in front', async () => {
    await idbPersister.persistClient(client(5));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await stored()).toBeUndefined();
    vi.advanceTimersByTime(300);
    // Then it waits for the main thread to be idle (the write is main-thread work: issue 33).
    expect(await stored()).toBeUndefined();
    runIdle();
    expect(await stored()).toBe(5);
  });
});
