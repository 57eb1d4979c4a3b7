import { describe, expect, it, vi } from 'vitest';
import { fakeBus } from '../../../test/fake-bus.ts';
import { answerOf } from '../../lib/read-cache.ts';
import { createDemandPageCache } from './murals-cache.ts';

describe('demand page cache', () => {
  it('drops only the pages of the demand an event names, every page otherwise', async () => {
    const { bus, emit } = fakeBus();
    const { cache } = createDemandPageCache(bus, 1_048_576);
    const compute = vi.fn(async () => answerOf('{"id":1}'));
    const page = (id: number, who = 'ana') => cache.get(id, who, compute);
    await page(1);
    await page(1, 'bia');
    await page(2);
    expect(compute).toHaveBeenCalledTimes(3);

    emit({ type: 'mural.changed', userIds: [7], data: { id: 1 } }); // demand 1 moved
    await page(2);
    expect(compute).toHaveBeenCalledTimes(3); // demand 2 still kept
    await page(1);
    await page(1, 'bia');
    expect(compute).toHaveBeenCalledTimes(5);

    emit({ type: 'mural.viewed', userIds: [7], data: { id: 2 } });
    await page(1);
    await page(2);
    expect(compute).toHaveBeenCalledTimes(6);

    emit({ type: 'chat.message', userIds: [7] }); // unrelated: nothing dropped
    await page(1);
    expect(compute).toHaveBeenCalledTimes(6);

    emit({ type: 'board.changed', data: { id: 3 } }); // access may change: every page
    await page(1);
    await page(2);
    expect(compute).toHaveBeenCalledTimes(8);

    emit({ type: 'mural.changed', userIds: [7] }); // no demand named: every page
    await page(2);
    expect(compute).toHaveBeenCalledTimes(9);
  });
});
