import type { Page } from '@playwright/test';

/** Smallest touch target on a phone (WCAG 2.5.5, Apple and Android guidelines), in CSS px. */
export const MIN_TARGET = 44;

/**
 * The visible interactive elements of the page smaller than MIN_TARGET in width or height whose
 * hit area (what a tap at the points of a MIN_TARGET square around their centre reaches: the
 * element, what it holds, or its label) is not that large either. Links inside a sentence are
 * exempt (WCAG's "inline" exception). Each is described as "tag 'name' WxH".
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const SELECTOR = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[role="combobox"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');

    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
      // moved off the screen sideways (a closed drawer's navigation)
      if (r.right <= 0 || r.left >= window.innerWidth) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none';
    };
    const transparent = (el: Element) => Number(getComputedStyle(el).opacity) === 0;

    /** A link with words of its sentence around it. */
    const inline = (el: Element) => {
      if (el.tagName !== 'A' || !el.parentElement) return false;
      return Array.from(el.parentElement.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0,
      );
    };

    const name = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        '';
      return label.replace(/\s+/g, ' ').trim().slice(0, 40);
    };

    /** Every sample point of a min×min square around the centre reaches the target. */
    const hitArea = (el: Element) => {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const h = min / 2 - 1;
      const labels = Array.from((el as HTMLInputElement).labels ?? []);
      const reaches = (x: number, y: number) => {
        const hit = document.elementFromPoint(x, y);
        return !!hit && (el.contains(hit) || labels.some((l) => l.contains(hit)));
      };
      return [-h, 0, h].every((dx) => [-h, 0, h].every((dy) => reaches(cx + dx, cy + dy)));
    };

    const found = new Set<string>();
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
      if (seen.has(el) || (el as HTMLButtonElement).disabled) continue;
      // An element inside another target is part of that target (e.g. the input of a combobox).
      const outer = el.parentElement?.closest(SELECTOR);
      if (outer && visible(outer) && !transparent(outer)) continue;
      seen.add(el);
      // A see-through input (switch, segmented control) is tapped through one of its labels.
      const labels = Array.from((el as HTMLInputElement).labels ?? []).filter(
        (l) => visible(l) && !transparent(l),
      );
      const targets = transparent(el) && labels.length > 0 ? labels : [el];
      if (!visible(targets[0]!) || transparent(targets[0]!) || inline(targets[0]!)) continue;
      const large = (t: Element) => {
        const r = t.getBoundingClientRect();
        return (r.width >= min - 0.5 && r.height >= min - 0.5) || hitArea(t);
      };
      if (targets.some(large)) continue;
      const r = targets[0]!.getBoundingClientRect();
      found.add(
        `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} '${name(el)}' ${Math.round(r.width)}×${Math.round(r.height)}`,
      );
    }
    window.scrollTo(0, 0);
    return [...found];
  }, MIN_TARGET);
}
