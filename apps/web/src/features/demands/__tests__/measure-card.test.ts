import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';

import { CARD_ESTIMATE, measureCard } from '../utils/measure-card.ts';

/** A card element whose layout must not be read (offsetHeight forces a layout). */
function untouchable(): HTMLElement {
  return {
    get offsetHeight(): number {
      throw new Error('offsetHeight read');
    },
  } as unknown as HTMLElement;
}

const virtualizer = (known: Map<number, number>) =>
  ({
    indexFromElement: () => 3,
    options: { getItemKey: (i: number) => 100 + i },
    itemSizeCache: known,
  }) as unknown as Virtualizer<HTMLDivElement, Element>;

describe('measureCard', () => {
  it('does not read the layout when a card mounts: the size known so far, else the estimate', () => {
    expect(measureCard(untouchable(), undefined, virtualizer(new Map()))).toBe(CARD_ESTIMATE);
    expect(measureCard(untouchable(), undefined, virtualizer(new Map([[103, 98]])))).toBe(98);
  });

  it("takes the observer's border box", () => {
    const entry = { borderBoxSize: [{ blockSize: 131.6, inlineSize: 280 }] };
    expect(
      measureCard(untouchable(), entry as unknown as ResizeObserverEntry, virtualizer(new Map())),
    ).toBe(132);
  });
});
