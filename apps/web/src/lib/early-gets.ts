/**
 * GETs public/theme-init.js starts before the app's scripts have run (today: GET /api/users/me
 * on the signed-in pages), by URL. The API client takes each one once (`takeEarlyGet`) instead
 * of asking again; an answer older than `EARLY_GET_MAX_AGE_MS` is left alone (the app asked
 * late, e.g. a tab kept open: it asks afresh). theme-init.js sends the client's headers for a
 * GET (Accept, the CSRF header; checked by lib/__tests__/early-gets.test.ts).
 */
interface EarlyGet {
  at: number;
  response: Promise<Response>;
}

export const EARLY_GET_MAX_AGE_MS = 10_000;

type EarlyWindow = { __eprotoEarlyGets?: Record<string, EarlyGet | undefined> };

/** The early answer for `url` if theme-init.js started one recently; removed once taken. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const gets = (window as unknown as EarlyWindow).__eprotoEarlyGets;
  const early = gets?.[url];
  if (!gets || !early) return undefined;
  delete gets[url];
  return Date.now() - early.at <= EARLY_GET_MAX_AGE_MS ? early.response : undefined;
}
