/** How many recent searches are kept per person on this device. */
export const RECENT_MAX = 6;

const keyOf = (userId: number) => `eproto.busca.recentes.${userId}`;

/** Recent searches of a person on this device, newest first (localStorage; empty when unavailable). */
export function readRecentSearches(userId: number): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((x): x is string => typeof x === 'string').slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts a search first in the list (once, case ignored) and returns the new list. */
export function rememberSearch(userId: number, q: string): string[] {
  const text = q.trim();
  if (!text) return readRecentSearches(userId);
  const next = [
    text,
    ...readRecentSearches(userId).filter((x) => x.toLowerCase() !== text.toLowerCase()),
  ].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // Private mode or full storage: the list just is not kept.
  }
  return next;
}
