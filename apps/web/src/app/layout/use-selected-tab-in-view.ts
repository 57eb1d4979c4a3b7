import { useEffect } from 'react';

/** Room left beside the tab brought into view, so the next one peeks out and invites a swipe. */
const PEEK = 24;

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
    const seen = new WeakMap<HTMLElement, Element>();
    let frame = 0;
    const check = () => {
      frame = 0;
      for (const list of document.querySelectorAll<HTMLElement>('.mantine-Tabs-list')) {
        const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
        if (!tab || seen.get(list) === tab) continue;
        seen.set(list, tab);
        if (list.scrollWidth > list.clientWidth) bringIntoView(list, tab);
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
    };
  }, []);
}
