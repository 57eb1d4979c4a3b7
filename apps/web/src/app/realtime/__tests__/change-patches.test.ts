import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { afterMutations } from '../change-patches.ts';

describe('afterMutations', () => {
  it('runs at once when nothing is being written', () => {
    const fn = vi.fn();
    afterMutations(new QueryClient(), fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("waits for the running mutation's own callbacks (its answer in the cache) first", async () => {
    const client = new QueryClient();
    const order: string[] = [];
    let finish: () => void = () => undefined;
    const running = client
      .getMutationCache()
      .build(client, {
        mutationFn: () => new Promise<void>((ok) => (finish = ok)),
        onSuccess: () => void order.push('answer in cache'),
      })
      .execute(undefined);
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    afterMutations(client, () => order.push('patch'));
    expect(order).toEqual([]);
    finish();
    await running;
    await vi.waitFor(() => expect(order).toEqual(['answer in cache', 'patch']));
  });
});
