import { describe, expect, it } from 'vitest';
import { UserViewsCache, type ViewRow } from './user-views.ts';

/** mural_views as a list, numbered per person in write order (the trigger's job). */
function table() {
  const rows: (ViewRow & { userId: number })[] = [];
  const seq = new Map<number, number>();
  const reads: { userId: number; since: number }[] = [];
  return {
    reads,
    view(userId: number, muralId: number, ms: number) {
      const n = (seq.get(userId) ?? 0) + 1;
      seq.set(userId, n);
      const old = rows.findIndex((r) => r.userId === userId && r.muralId === muralId);
      if (old >= 0) rows.splice(old, 1);
      rows.push({ userId, muralId, viewedAt: new Date(ms), seq: n });
      return n;
    },
    seqOf: (userId: number) => seq.get(userId) ?? 0,
    load: (userId: number, since: number) => {
      reads.push({ userId, since });
      return Promise.resolve(rows.filter((r) => r.userId === userId && r.seq > since));
    },
  };
}

describe('UserViewsCache', () => {
  it('reads all of a person once, then only the rows past what it keeps', async () => {
    const t = table();
    t.view(1, 10, 1000);
    t.view(1, 11, 2000);
    const cache = new UserViewsCache(100, t.load);
    expect([...(await cache.upTo(1, t.seqOf(1)))]).toEqual([
      [10, 1000],
      [11, 2000],
    ]);
    await cache.upTo(1, t.seqOf(1)); // nothing new: no read
    t.view(1, 10, 5000);
    const views = await cache.upTo(1, t.seqOf(1));
    expect(views.get(10)).toBe(5000);
    expect(views.get(11)).toBe(2000);
    expect(t.reads).toEqual([
      { userId: 1, since: -1 },
      { userId: 1, since: 2 },
    ]);
  });

  it('runs one read per person at a time, so an older read never undoes a newer one', async () => {
    const t = table();
    t.view(1, 10, 1000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The first read sees the table as it was when sent, and answers late.
    const slow = (userId: number, since: number) => {
      const snapshot = t.load(userId, since);
      return gate.then(() => snapshot);
    };
    const cache = new UserViewsCache(100, slow);
    const first = cache.upTo(1, 1);
    t.view(1, 10, 9000);
    const second = cache.upTo(1, 2);
    release();
    await first;
    expect((await second).get(10)).toBe(9000);
    expect(t.reads).toEqual([
      { userId: 1, since: -1 },
      { userId: 1, since: 1 },
    ]);
  });

  it('keeps people within its entry budget, the least recently listed out first', async () => {
    const t = table();
    for (const user of [1, 2, 3]) for (const m of [10, 11]) t.view(user, m, 1000);
    const cache = new UserViewsCache(4, t.load);
    await cache.upTo(1, t.seqOf(1));
    await cache.upTo(2, t.seqOf(2));
    await cache.upTo(1, t.seqOf(1)); // 1 is now the most recent
    await cache.upTo(3, t.seqOf(3));
    expect(cache.size).toBe(4);
    t.reads.length = 0;
    await cache.upTo(1, t.seqOf(1));
    await cache.upTo(2, t.seqOf(2)); // dropped for 3: read again from scratch
    expect(t.reads).toEqual([{ userId: 2, since: -1 }]);
  });
});
