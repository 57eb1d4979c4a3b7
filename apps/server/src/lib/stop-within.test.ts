import { describe, expect, it, vi } from 'vitest';
import { createStopper } from './stop-within.ts';

describe('createStopper', () => {
  it('runs every step in order and exits 0 when they end in time', async () => {
    const order: string[] = [];
    const exit = vi.fn();
    const stop = createStopper({
      timeoutMs: 1_000,
      steps: [
        async () => order.push('jobs'),
        () => Promise.reject(new Error('falhou')),
        async () => order.push('banco'),
      ],
      beforeExit: (code, timedOut) => order.push(`fim ${code} ${timedOut}`),
      exit,
    });
    await stop();
    expect(order).toEqual(['jobs', 'banco', 'fim 0 false']);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('exits 1 at the bound when a step never ends, and only once', async () => {
    vi.useFakeTimers();
    try {
      const exit = vi.fn();
      const beforeExit = vi.fn();
      const stop = createStopper({
        timeoutMs: 10_000,
        steps: [() => new Promise(() => undefined)],
        beforeExit,
        exit,
      });
      void stop();
      await vi.advanceTimersByTimeAsync(9_999);
      expect(exit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(beforeExit).toHaveBeenCalledExactlyOnceWith(1, true);
      expect(exit).toHaveBeenCalledExactlyOnceWith(1);
      await stop();
      expect(exit).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a second signal exits at once', async () => {
    const exit = vi.fn();
    const stop = createStopper({
      timeoutMs: 60_000,
      steps: [() => new Promise(() => undefined)],
      beforeExit: () => undefined,
      exit,
    });
    void stop();
    await stop();
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
  });
});
