import type { MenuSection } from '@eproto/domain';

/** The visible menu path that best matches the current page (longest prefix), if any. */
export function activeMenuPath(sections: MenuSection[], pathname: string): string | null {
  let best: string | null = null;
  for (const section of sections) {
    for (const item of section.items) {
      if (item.hidden) continue;
      const hit = pathname === item.path || pathname.startsWith(`${item.path}/`);
      if (hit && (best === null || item.path.length > best.length)) best = item.path;
    }
  }
  return best;
}

/** Sections without hidden items; sections left empty are dropped. */
export function visibleSections(sections: MenuSection[]): MenuSection[] {
  return sections
    .map((s) => ({ ...s, items: s.items.filter((i) => !i.hidden) }))
    .filter((s) => s.items.length > 0);
}
