import type { Virtualizer } from '@tanstack/react-virtual';

/** Height a card is given before it is measured (px). */
export const CARD_ESTIMATE = 124;

/**
 * A card's height from the ResizeObserver, which reports it after the browser's own layout and
 * before paint. When a card mounts (no observer entry yet) the size known so far is kept: the
 * library's default reads offsetHeight there, and each read forced a layout of the whole page
 * (~100 ms of a 10× board's first render for ~40 cards).
 */
export function measureCard(
  el: Element,
  entry: ResizeObserverEntry | undefined,
  v: Virtualizer<HTMLDivElement, Element>,
): number {
  if (entry) {
    // borderBoxSize is missing before Safari 15.4.
    const box = (entry.borderBoxSize as readonly ResizeObserverSize[] | undefined)?.[0];
    return Math.round(box ? box.blockSize : (el as HTMLElement).offsetHeight);
  }
  const index = v.indexFromElement(el);
  return v.itemSizeCache.get(v.options.getItemKey(index)) ?? CARD_ESTIMATE;
}

/**
 * The scroll box's size for the virtualiser, from a ResizeObserver, which reports it after the
 * browser's own layout. The library's default reads clientWidth/clientHeight as the column
 * mounts, which forced a layout of the whole page inside the board's first render (issue 33:
 * ~90 ms of a 330 ms task on a phone at 4x CPU). Until the first report, `initialRect` stands.
 */
export function observeColumnRect(
  v: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const el = v.scrollElement;
  if (!el || typeof ResizeObserver === 'undefined') return undefined;
  // Read inside the observer's callback, the layout is already done: nothing is forced.
  const observer = new ResizeObserver(() => cb({ width: el.clientWidth, height: el.clientHeight }));
  observer.observe(el);
  return () => observer.disconnect();
}
