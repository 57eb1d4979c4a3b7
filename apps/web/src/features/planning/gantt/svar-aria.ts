import { type RefObject, useEffect } from 'react';

/**
 * SVAR Grid 2.7 writes ARIA that screen readers and axe reject: a 0-based `aria-rowindex` counted
 * inside the virtualised window, `aria-expanded` on rows of a plain grid, and a label on
 * presentational column grips. Drop those attributes as SVAR renders rows.
 */
export function useSvarAriaFix(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => {
      for (const el of root.querySelectorAll('[role="grid"] [role="row"][aria-rowindex]'))
        el.removeAttribute('aria-rowindex');
      for (const el of root.querySelectorAll('[role="grid"] [role="row"][aria-expanded]'))
        el.removeAttribute('aria-expanded');
      for (const el of root.querySelectorAll('[role="presentation"][aria-label]'))
        el.removeAttribute('aria-label');
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributeFilter: ['aria-rowindex', 'aria-expanded', 'aria-label'],
    });
    return () => observer.disconnect();
  }, [ref]);
}
