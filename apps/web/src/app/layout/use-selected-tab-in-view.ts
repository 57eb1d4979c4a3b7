import { useEffect } from 'react';

/** Room left beside the tab brought into view, so the next one peeks out and invites a swipe. */
const PEEK = 24;
/**
 * How long after a tab is selected its row keeps being brought to it: the row's widths settle
 * after the first check (fonts, panels and badges arriving), with no DOM change to wake the
 * mutation observer. After that a row the person swiped stays where they left it.
 */
const SETTLE_MS = 1_500;

/**
 * Scrolls a row of tabs sideways (never the page) by what the tab sticks out of it; returns
 * where the row now is.
 */
function bringIntoView(list: HTMLElement, box: DOMRectReadOnly, row: DOMRectReadOnly) {
  if (box.left < row.left) list.scrollLeft -= row.left - box.left + PEEK;
  else if (box.right > row.right) list.scrollLeft += box.right - row.right + PEEK;
  return list.scrollLeft;
}

/**
 * A row of tabs wider than the screen scrolls sideways (global.css); a tab selected from the
 * address (`?aba=apr-pt`, a notification's link) or by code could sit out of sight, with the
 * row showing tabs that are not the chosen one. Whenever a row's selected tab changes, the row
 * scrolls to show it. A row the person swipes stays where they left it until the next change.
 *
 * Positions come from an IntersectionObserver per row (rooted at the row), which the browser
 * answers with its own layout: reading them in a frame callback forced a layout on every frame
 * while a screen was loading (~110 ms of a phone's start at 4x CPU, issue 33).
 */
export function useSelectedTabInView() {
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const rows = new Map<HTMLElement, { tab: Element; stop: () => void }>();
    let frame = 0;
    const check = () => {
      frame = 0;
      for (const [list, row] of rows) {
        if (!list.isConnected) {
          row.stop();
          rows.delete(list);
        }
      }
      for (const list of document.querySelectorAll<HTMLElement>('.mantine-Tabs-list')) {
        const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
        const row = rows.get(list);
        if (!tab || row?.tab === tab) continue;
        row?.stop();
        const until = performance.now() + SETTLE_MS;
        // Where this hook last put the row: a scroll anywhere else is a finger (or a script)
        // moving the row, which then stays where it was put.
        let ours = list.scrollLeft;
        const onScroll = () => {
          if (Math.abs(list.scrollLeft - ours) > 1) stop();
        };
        // Called when the tab is observed, then whenever how much of it shows changes.
        const io = new IntersectionObserver(
          (entries) => {
            const entry = entries[entries.length - 1]!;
            if (performance.now() > until) return stop();
            if (entry.intersectionRatio < 1 && entry.rootBounds)
              ours = bringIntoView(list, entry.boundingClientRect, entry.rootBounds);
          },
          { root: list, threshold: [0, 0.25, 0.5, 0.75, 1] },
        );
        const stop = () => {
          io.disconnect();
          list.removeEventListener('scroll', onScroll);
        };
        list.addEventListener('scroll', onScroll, { passive: true });
        io.observe(tab);
        rows.set(list, { tab, stop });
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-selected'],
    });
    schedule();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      for (const row of rows.values()) row.stop();
    };
  }, []);
}
