import type { CurrentUser } from '@eproto/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  changedRows,
  fetchListChanges,
  prefetchOfflineWorld,
  type PrefetchTask,
  whenScreenSettled,
} from '../prefetch.ts';

const person = (rawType: string): CurrentUser => ({
  id: 3,
  email: 'p@empresa.com.br',
  nome: 'Pessoa',
  type: 'equipe',
  rawType,
  avatar: null,
});

describe('prefetchOfflineWorld', () => {
  it('fetches only what the role may open, and one failure does not stop the rest', async () => {
    const agenda = vi.fn(() => Promise.resolve());
    const frota = vi.fn(() => Promise.resolve());
    const epi = vi.fn(() => Promise.reject(new Error('sem sinal')));
    const tasks: PrefetchTask[] = [
      { name: 'agenda', screen: '/tatico/agenda', run: agenda },
      { name: 'frota', screen: '/tatico/frota', run: frota },
      { name: 'epi', screen: '/tatico/epi', run: epi },
    ];
    const result = await prefetchOfflineWorld(
      { queryClient: new QueryClient(), user: person('equipe') },
      tasks,
    );
    expect(result).toEqual({ ran: ['agenda', 'epi'], failed: ['epi'] });
    expect(agenda).toHaveBeenCalledOnce();
    expect(frota).not.toHaveBeenCalled(); // equipe does not open the fleet
  });

  it('gives a TI none of the field data', async () => {
    const run = vi.fn(() => Promise.resolve());
    const result = await prefetchOfflineWorld(
      { queryClient: new QueryClient(), user: person('ti') },
      [{ name: 'agenda', screen: '/tatico/agenda', run }],
    );
    expect(result.ran).toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('changedRows', () => {
  it('answers new rows and rows whose identity changed (structural sharing keeps the others)', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const c = { id: 3 };
    const b2 = { id: 2, status: 'cancelado' };
    expect(changedRows([a, b], [a, b2, c])).toEqual([b2, c]);
    expect(changedRows([a, b], [a, b])).toEqual([]);
    expect(changedRows(undefined, [a])).toEqual([a]);
  });
});

describe('fetchListChanges', () => {
  it('on a later sync names only the rows the answer changed', async () => {
    const queryClient = new QueryClient();
    const answers = [
      {
        items: [
          { id: 1, s: 'a' },
          { id: 2, s: 'a' },
        ],
      },
      {
        items: [
          { id: 1, s: 'a' },
          { id: 2, s: 'b' },
        ],
      },
    ];
    let n = 0;
    const options = { queryKey: ['lista'], queryFn: () => Promise.resolve(answers[n++]!) };
    const first = await fetchListChanges(queryClient, options, (d) => d.items);
    expect(first.changed.map((r) => r.id)).toEqual([1, 2]);
    const second = await fetchListChanges(queryClient, options, (d) => d.items);
    expect(second.changed).toEqual([{ id: 2, s: 'b' }]);
    expect(second.all).toHaveLength(2);
  });
});

describe('whenScreenSettled', () => {
  afterEach(() => vi.useRealTimers());

  it("waits for the opened screen's queries, then a quiet moment, before the prefetch starts", async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    let answer!: (v: string) => void;
    void queryClient.fetchQuery({
      queryKey: ['tela'],
      queryFn: () => new Promise<string>((r) => (answer = r)),
    });
    let settled = false;
    void whenScreenSettled(queryClient, { quietMs: 300, maxWaitMs: 8_000 }).then(
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toBe(false); // the screen's own request is still running
    answer('dados');
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(false); // not quiet for long enough yet
    await vi.advanceTimersByTimeAsync(1_200);
    expect(settled).toBe(true);
  });

  it('starts anyway after the longest wait when the screen never goes quiet', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    void queryClient.fetchQuery({ queryKey: ['sempre'], queryFn: () => new Promise(() => {}) });
    let settled = false;
    void whenScreenSettled(queryClient, { maxWaitMs: 8_000 }).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(7_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(settled).toBe(true);
  });
});
