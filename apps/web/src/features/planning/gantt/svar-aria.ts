import { type RefObject, useEffect } from 'react';

const ROW_INDEX = '[role="grid"] [role="row"][aria-rowindex]';
const ROW_EXPANDED = '[role="grid"] [role="row"][aria-expanded]';
const GRIP_LABEL = '[role="presentation"][aria-label]';

/** Drops the rejected attributes from `el` and its descendants. */
function fix(el: Element) {
  const drop = (node: Element) => {
    if (node.matches(ROW_INDEX)) node.removeAttribute('aria-rowindex');
    if (node.matches(ROW_EXPANDED)) node.removeAttribute('aria-expanded');
    if (node.matches(GRIP_LABEL)) node.removeAttribute('aria-label');
  };
  drop(el);
  for (const node of el.querySelectorAll(`${ROW_INDEX}, ${ROW_EXPANDED}, ${GRIP_LABEL}`))
    drop(node);
}

/**
 * SVAR Grid 2.7 writes ARIA that screen readers and axe reject: a 0-based `aria-rowindex` counted
 * inside the virtualised window, `aria-expanded` on rows of a plain grid, and a label on
 * presentational column grips. Drop those attributes as SVAR renders rows — looking only at
 * what each render added or changed, not the whole chart, since it renders on every scroll step.
 */
export function useSvarAriaFix(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    fix(root);
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') {
          if (r.target instanceof Element) fix(r.target);
          continue;
        }
        for (const node of r.addedNodes) if (node instanceof Element) fix(node);
      }
    });
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributeFilter: ['aria-rowindex', 'aria-expanded', 'aria-label'],
    });
    return () => observer.disconnect();
  }, [ref]);
}
