import { expect } from 'vitest';

/** One keyset page as the API answers it: `nextBefore` is the id of its last row, or null. */
export interface KeysetPage {
  items: Array<{ id: number }>;
  nextBefore: number | null;
}

/**
 * Every page of a keyset list, following `nextBefore` (`page` reads one query string);
 * `between` runs after each page. Checks each page's size and cursor on the way.
 */
export async function walkPages(
  page: (query: string) => Promise<KeysetPage>,
  filter: string,
  limit: number,
  between?: () => Promise<void>,
): Promise<number[]> {
  const seen: number[] = [];
  let before: number | null = null;
  for (let guard = 0; guard < 200; guard++) {
    const p = await page(`${filter}&limit=${limit}${before ? `&before=${before}` : ''}`);
    expect(p.items.length).toBeLessThanOrEqual(limit);
    seen.push(...p.items.map((i) => i.id));
    if (p.nextBefore === null) return seen;
    expect(p.nextBefore).toBe(p.items.at(-1)!.id);
    before = p.nextBefore;
    await between?.();
  }
  throw new Error('too many pages');
}
