import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../api-client.ts', () => ({ api: { get: vi.fn(() => Promise.resolve({})) } }));

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(payload: unknown) {
    this.readyState = FakeEventSource.OPEN;
    this.onmessage?.({ data: JSON.stringify(payload) } as MessageEvent<string>);
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
  // One second after the tab began loading (what it shows was read from then on).
  vi.setSystemTime(performance.timeOrigin + 1_000);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('subscribeRealtime', () => {
  it('opens one cookie-authenticated stream per tab and fans messages out', async () => {
    const { subscribeRealtime } = await import('../realtime.ts');
    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribeRealtime(a);
    const offB = subscribeRealtime(b);
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/events?gap_ms=1000');
    expect(es.init?.withCredentials).toBe(true);
    es.emit({ type: 'chat.message', data: { from: 2 } });
    expect(a).toHaveBeenCalledWith({ type: 'chat.message', data: { from: 2 } });
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    expect(es.closed).toBe(false);
    offB();
    expect(es.closed).toBe(true);
  });

  it('asks the server for the events of the gap since it last heard it', async () => {
    const { subscribeRealtime } = await import('../realtime.ts');
    vi.setSystemTime(performance.timeOrigin + 4_321);
    const off = subscribeRealtime(() => undefined);
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events?gap_ms=4321');
    FakeEventSource.instances[0]!.emit({ type: 'hello' });
    vi.advanceTimersByTime(10_000);
    FakeEventSource.instances[0]!.emit({ type: 'notification' });
    FakeEventSource.instances[0]!.fail(true);
    vi.advanceTimersByTime(2_000); // the first backoff
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events?gap_ms=2000');
    off();
  });

  it('counts the first hello as a reconnect when the gap is longer than the server keeps', async () => {
    const { subscribeRealtime } = await import('../realtime.ts');
    const { RT_REPLAY_MS } = await import('@eproto/domain');
    vi.setSystemTime(performance.timeOrigin + RT_REPLAY_MS + 1);
    const fn = vi.fn();
    const off = subscribeRealtime(fn);
    expect(FakeEventSource.instances[0]!.url).toBe(`/api/events?gap_ms=${RT_REPLAY_MS}`);
    // Its own hello first: the server's is then the second, which refetches what is on screen.
    expect(fn).toHaveBeenCalledWith({ type: 'hello' });
    off();
  });

  it('ignores malformed messages', async () => {
    const { subscribeRealtime } = await import('../realtime.ts');
    const fn = vi.fn();
    const off = subscribeRealtime(fn);
    FakeEventSource.instances[0]!.onmessage?.({ data: 'nope' } as MessageEvent<string>);
    expect(fn).not.toHaveBeenCalled();
    off();
  });

  it('leaves transient drops to the browser and reopens a closed stream with backoff', async () => {
    const { subscribeRealtime, isRealtimeConnected } = await import('../realtime.ts');
    const { api } = await import('../api-client.ts');
    const off = subscribeRealtime(() => undefined);
    const first = FakeEventSource.instances[0]!;
    first.emit({ type: 'hello' });
    expect(isRealtimeConnected()).toBe(true);
    first.fail(false);
    expect(isRealtimeConnected()).toBe(false);
    expect(FakeEventSource.instances).toHaveLength(1);
    first.fail(true);
    // The session may have ended: one ordinary call lets the API client handle a 401.
    expect(api.get).toHaveBeenCalledWith('/users/me');
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    off();
  });

  it('shares one stream between the tabs of a browser and hands it over when its tab leaves', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
    try {
      const tabA = await import('../realtime.ts');
      vi.resetModules();
      const tabB = await import('../realtime.ts');
      const a = vi.fn();
      const b = vi.fn();
      const offA = tabA.subscribeRealtime(a);
      const offB = tabB.subscribeRealtime(b);
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      FakeEventSource.instances[0]!.emit({ type: 'chat.message', data: { from: 3 } });
      expect(a).toHaveBeenCalledWith({ type: 'chat.message', data: { from: 3 } });
      await vi.waitFor(() =>
        expect(b).toHaveBeenCalledWith({ type: 'chat.message', data: { from: 3 } }),
      );
      expect(FakeEventSource.instances).toHaveLength(1);

      offA();
      expect(FakeEventSource.instances[0]!.closed).toBe(true);
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
      FakeEventSource.instances[1]!.emit({ type: 'notification' });
      expect(b).toHaveBeenLastCalledWith({ type: 'notification' });
      offB();
      expect(FakeEventSource.instances[1]!.closed).toBe(true);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('a tab that joins gets, once each, what the stream relayed since it began', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
    try {
      const tabA = await import('../realtime.ts');
      vi.resetModules();
      const tabB = await import('../realtime.ts');
      const offA = tabA.subscribeRealtime(() => undefined);
      await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const stream = FakeEventSource.instances[0]!;
      stream.emit({ type: 'hello' });
      // A move made after tab B read its screen, before B joined the stream.
      stream.emit({ type: 'mural.changed', id: 7, version: 'v1' });
      const b = vi.fn();
      const offB = tabB.subscribeRealtime(b);
      // Relayed live while B's question is on its way: it comes in the answer too, once here.
      stream.emit({ type: 'mural.changed', id: 8, version: 'v1' });
      await vi.waitFor(() => expect(b).toHaveBeenCalledTimes(2));
      stream.emit({ type: 'notification' });
      await vi.waitFor(() => expect(b).toHaveBeenCalledTimes(3));
      expect(b.mock.calls.map(([m]) => m)).toEqual([
        { type: 'mural.changed', id: 8, version: 'v1' },
        { type: 'mural.changed', id: 7, version: 'v1' },
        { type: 'notification' },
      ]);
      expect(FakeEventSource.instances).toHaveLength(1);
      offB();
      offA();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});

/** A Web Locks stand-in shared by the "tabs" (module instances) of one test. */
function fakeLocks() {
  let held = false;
  const queue: Array<() => void> = [];
  return {
    request(_name: string, opts: { signal?: AbortSignal }, cb: () => Promise<void>) {
      return new Promise<void>((resolve, reject) => {
        const run = () => {
          held = true;
          void cb().then(() => {
            held = false;
            resolve();
            queue.shift()?.();
          });
        };
        opts.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(run);
          if (i >= 0) queue.splice(i, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        });
        if (held) queue.push(run);
        else run();
      });
    },
  };
}
