import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeBus } from '../../test/fake-bus.ts';
import { gunzipSync } from 'node:zlib';
import {
  answerOf,
  bodyOf,
  etagOf,
  gzippedAnswerOf,
  ReadCache,
  serialize,
  type CachedAnswer,
} from './read-cache.ts';

const answer = (body: string): CachedAnswer => ({ body: Buffer.from(body), etag: etagOf(body) });
const text = (a: CachedAnswer) => bodyOf(a).toString('utf8');

function cache(overrides: Partial<ConstructorParameters<typeof ReadCache>[0]> = {}) {
  return new ReadCache({ ttlMs: 1_000, maxBytes: 1_000, staleOn: () => 'all', ...overrides });
}

/** A computation the test finishes by hand. */
function deferred() {
  let resolve = (_: CachedAnswer) => undefined as void;
  const promise = new Promise<CachedAnswer>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => vi.useRealTimers());

describe('ReadCache', () => {
  it('serves a kept answer until its ttl, then computes again', async () => {
    vi.useFakeTimers();
    const c = cache();
    const compute = vi.fn(async () => answer('"a"'));
    await c.get(1, 'k', compute);
    await c.get(1, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    await c.get(1, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('shares one computation between concurrent misses of a key', async () => {
    const c = cache();
    const d = deferred();
    const compute = vi.fn(() => d.promise);
    const both = Promise.all([c.get(1, 'k', compute), c.get(1, 'k', compute)]);
    d.resolve(answer('"x"'));
    expect((await both).map(text)).toEqual(['"x"', '"x"']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep an answer computed across an invalidation, nor hand it to later readers', async () => {
    const c = cache();
    const old = deferred();
    const first = c.get(7, 'k', () => old.promise);
    c.invalidate(7); // a write committed while the read was running
    const fresh = c.get(7, 'k', async () => answer('"new"'));
    old.resolve(answer('"old"'));
    expect(text(await first)).toBe('"old"');
    expect(text(await fresh)).toBe('"new"');
    expect(text(await c.get(7, 'k', async () => answer('"again"')))).toBe('"new"');

    const during = deferred();
    const running = c.get(7, 'j', () => during.promise);
    c.clear();
    during.resolve(answer('"stale"'));
    await running;
    expect(text(await c.get(7, 'j', async () => answer('"after"')))).toBe('"after"');
  });

  it('answers a computation that outlives its ttl or its room, never "deleted" (a 500)', async () => {
    vi.useFakeTimers();
    const c = cache();
    const slow = deferred();
    const first = c.get(1, 'k', () => slow.promise);
    // A loaded node: the answer takes longer than the ttl, whose timer purges the key meanwhile.
    vi.advanceTimersByTime(1_500);
    // Meanwhile other answers fill the budget and push the oldest out.
    for (let i = 0; i < 8; i++) await c.get(2, `f${i}`, async () => answer(`"${'x'.repeat(200)}"`));
    slow.resolve(answer('"late"'));
    await expect(first).resolves.toMatchObject({ etag: etagOf('"late"') });
    const again = vi.fn(async () => answer('"b"'));
    expect(text(await c.get(1, 'k', again))).toBe('"b"'); // the late answer was not kept
  });

  it('drops one group on invalidate and every group on clear', async () => {
    const c = cache();
    await c.get(1, 'k', async () => answer('"one"'));
    await c.get(2, 'k', async () => answer('"two"'));
    c.invalidate(1);
    expect(text(await c.get(1, 'k', async () => answer('"one2"')))).toBe('"one2"');
    expect(text(await c.get(2, 'k', async () => answer('"two2"')))).toBe('"two"');
    c.clear();
    expect(text(await c.get(2, 'k', async () => answer('"two3"')))).toBe('"two3"');
  });

  it('forgets failed computations', async () => {
    const c = cache();
    await expect(c.get(1, 'k', () => Promise.reject(new Error('falhou')))).rejects.toThrow();
    expect(text(await c.get(1, 'k', async () => answer('"ok"')))).toBe('"ok"');
  });

  it('keeps within its budget, dropping the oldest answers first', async () => {
    const c = cache({ maxBytes: 400 });
    for (const k of ['a', 'b', 'c', 'd', 'e'])
      await c.get(1, k, async () => answer('x'.repeat(90)));
    const compute = vi.fn(async () => answer('y'));
    await c.get(1, 'a', compute); // evicted
    await c.get(1, 'e', compute); // still kept
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('counts a hit as a use: the least recently read answer goes first, not the oldest', async () => {
    const c = cache({ maxBytes: 400 });
    for (const k of ['a', 'b', 'c', 'd']) await c.get(1, k, async () => answer('x'.repeat(90)));
    await c.get(1, 'a', async () => answer('unused'));
    await c.get(1, 'e', async () => answer('x'.repeat(90))); // pushes out 'b', not 'a'
    const compute = vi.fn(async () => answer('y'));
    await c.get(1, 'a', compute);
    expect(compute).not.toHaveBeenCalled();
    await c.get(1, 'b', compute);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('never holds more bytes than its budget, gzip forms counted, whatever it is given', async () => {
    const c = cache({ maxBytes: 10_000 });
    for (let i = 0; i < 200; i++) {
      await c.get(i % 7, `k${i}`, async () => ({
        ...answer('x'.repeat(100 + ((i * 37) % 2_000))),
        gzip: Buffer.alloc(50 + (i % 300)),
      }));
      expect(c.keptBytes).toBeLessThanOrEqual(10_000);
    }
    expect(c.keptBytes).toBeGreaterThan(5_000);
    // One answer above a quarter of the budget is served but not kept.
    await c.get(1, 'big', async () => answer('z'.repeat(2_600)));
    expect(c.keptBytes).toBeLessThanOrEqual(10_000);
    const again = vi.fn(async () => answer('z'));
    await c.get(1, 'big', again);
    expect(again).toHaveBeenCalledTimes(1);
    // A budget of 0 keeps nothing.
    const off = cache({ maxBytes: 0 });
    await off.get(1, 'k', async () => answer('"a"'));
    expect(off.keptBytes).toBe(0);
  });

  it('drops expired answers on its own: an idle node keeps none', async () => {
    vi.useFakeTimers();
    const { bus } = fakeBus();
    const c = cache({ ttlMs: 10_000, maxBytes: 1_000_000 });
    const stop = c.follow(bus);
    await c.get(1, 'a', async () => answer('x'.repeat(1_000)));
    vi.advanceTimersByTime(6_000);
    await c.get(2, 'b', async () => answer('y'.repeat(500)));
    expect(c.keptBytes).toBe(1_500);
    vi.advanceTimersByTime(4_500); // 'a' expired, 'b' still fresh
    expect(c.keptBytes).toBe(500);
    vi.advanceTimersByTime(10_000);
    expect(c.keptBytes).toBe(0);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the bus: the events it names make answers stale', async () => {
    const { bus, emit } = fakeBus();
    const c = cache({
      staleOn: (e) =>
        e.type === 'notification'
          ? (e.userIds ?? 'all')
          : e.type === 'mural.changed'
            ? 'all'
            : null,
    });
    c.follow(bus);
    await c.get(1, 'k', async () => answer('"1"'));
    await c.get(2, 'k', async () => answer('"2"'));
    emit({ type: 'chat.message' });
    emit({ type: 'notification', userIds: [1] });
    expect(text(await c.get(1, 'k', async () => answer('"1b"')))).toBe('"1b"');
    expect(text(await c.get(2, 'k', async () => answer('"2b"')))).toBe('"2"');
    emit({ type: 'mural.changed' });
    expect(text(await c.get(2, 'k', async () => answer('"2c"')))).toBe('"2c"');
  });

  it('serializes like the response serializer and tags answers with their total', () => {
    const schema = z.object({ id: z.number(), at: z.string() });
    expect(serialize(schema, { id: 1, at: 'x' })).toBe('{"id":1,"at":"x"}');
    expect(() => serialize(schema, { id: 'um' } as never)).toThrow();
    expect(etagOf('[]', 1)).not.toBe(etagOf('[]', 2));
    expect(etagOf('[]')).toMatch(/^W\/"[\w-]+"$/);
  });

  it('keeps big answers gzip-compressed too, small ones only as they are', async () => {
    const big = JSON.stringify(
      Array.from({ length: 500 }, (_, i) => ({ id: i, titulo: 'Demanda' })),
    );
    const a = await answerOf(big, { total: 500, etag: etagOf(big, 500) });
    expect(a.body!.toString()).toBe(big);
    expect(gunzipSync(a.gzip!).toString()).toBe(big);
    expect(a.gzip!.length).toBeLessThan(a.body!.length / 4);
    expect(a.total).toBe(500);
    expect((await answerOf('{"ok":true}')).gzip).toBeUndefined();
  });

  it('keeps only the gzip form of a big body built in a reused buffer, and never the buffer', () => {
    const big = JSON.stringify(
      Array.from({ length: 500 }, (_, i) => ({ id: i, titulo: 'Demanda' })),
    );
    const reused = Buffer.from(big);
    const a = gzippedAnswerOf(reused, { total: 500, etag: 'W/"x"' });
    reused.fill(0x20); // the next request writes over the buffer
    expect(a.body).toBeUndefined();
    expect(gunzipSync(a.gzip!).toString()).toBe(big);
    expect(bodyOf(a).toString()).toBe(big);
    expect(a).toMatchObject({ total: 500, etag: 'W/"x"' });

    const small = Buffer.from('{"ok":true}');
    const b = gzippedAnswerOf(small, { etag: 'W/"y"' });
    small.fill(0x20);
    expect(b.gzip).toBeUndefined();
    expect(bodyOf(b).toString()).toBe('{"ok":true}');
  });
});
