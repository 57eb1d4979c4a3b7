import type { CurrentUser } from '@eproto/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { prefetchOfflineWorld, type PrefetchTask } from '../prefetch.ts';

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
