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
    expect(es.url).toBe('/api/events');
    expect(es.init?.withCredentials).toBe(true);
    es.emit({ type: 'chat.message', data: { from: 2 } });
    expect(a).toHaveBeenCalledWith({ type: 'chat.message', data: { from: 2 } });
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    expect(es.closed).toBe(false);
    offB();
    expect(es.closed).toBe(true);
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
