import { useEffect } from 'react';

/** Room left beside the tab brought into view, so the next one peeks out and invites a swipe. */
const PEEK = 24;
/**
 * How long after a tab is selected its row keeps being brought to it: the row's widths settle
 * after the first check (fonts, panels and badges arriving), with no DOM change to wake the
 * observer. After that a row the person swiped stays where they left it.
 */
const SETTLE_MS = 1_500;

/** Scrolls a row of tabs sideways (never the page) until its selected tab is whole. */
function bringIntoView(list: HTMLElement, tab: HTMLElement) {
  const row = list.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  if (box.left < row.left) list.scrollLeft -= row.left - box.left + PEEK;
  else if (box.right > row.right) list.scrollLeft += box.right - row.right + PEEK;
}

/**
 * A row of tabs wider than the screen scrolls sideways (global.css); a tab selected from the
 * address (`?aba=apr-pt`, a notification's link) or by code could sit out of sight, with the
 * row showing tabs that are not the chosen one. Whenever a row's selected tab changes, the row
 * scrolls to show it. A row the person swipes stays where they left it until the next change.
 */
export function useSelectedTabInView() {
  useEffect(() => {
    const seen = new WeakMap<HTMLElement, { tab: Element; until: number }>();
    let frame = 0;
    const check = () => {
      frame = 0;
      const now = performance.now();
      let settling = false;
      for (const list of document.querySelectorAll<HTMLElement>('.mantine-Tabs-list')) {
        const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
        if (!tab) continue;
        let selected = seen.get(list);
        if (selected?.tab !== tab) {
          selected = { tab, until: now + SETTLE_MS };
          seen.set(list, selected);
        }
        if (now > selected.until) continue;
        settling = true;
        if (list.scrollWidth > list.clientWidth) bringIntoView(list, tab);
      }
      // Checked again each frame while a selection settles (layout moves without mutations).
      if (settling) schedule();
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
    };
  }, []);
}
