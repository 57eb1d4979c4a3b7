// Helpers of the change-feed specs (issue 37): a change made in one tab reaches the others as
// a delta (one `…changes` request), never as a new read of the list; these watch for that.
import type { BrowserContext, Page } from '@playwright/test';

/** A kanban column of the board page. */
export const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

/** Drags a kanban card onto a column with the mouse, in small steps (as a person would). */
export async function dragCard(page: Page, cardId: string, stage: string) {
  const card = page.getByTestId(cardId);
  const from = await card.boundingBox();
  const to = await column(page, stage).boundingBox();
  if (!from || !to) throw new Error('card or column not on screen');
  const x = from.x + from.width / 2;
  const y = from.y + from.height - 14;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 140, { steps: 20 });
  await page.mouse.up();
}

/** Every API call a tab makes from now on (method and path with query). */
export function apiLog(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') {
      calls.push(`${r.method()} ${url.pathname}${url.search}`);
    }
  });
  return calls;
}

/**
 * Resolves once the browser's one push stream (held by one tab, relayed to the others) has
 * answered: start it before the tabs open, await it before changing anything.
 */
export function pushStreamOpen(context: BrowserContext) {
  return context.waitForEvent('response', (r) => new URL(r.url()).pathname === '/api/events');
}

/** Resolves when this tab's write (method, path ending) has been answered 200. */
export function writeAnswered(page: Page, method: string, pathEnd: string) {
  return page.waitForResponse(
    (r) => r.request().method() === method && r.url().endsWith(pathEnd) && r.status() === 200,
  );
}

/** The calls of a log that start with `prefix` (e.g. 'GET /api/eproto/protocols?'). */
export const callsTo = (log: string[], prefix: string) => log.filter((c) => c.startsWith(prefix));
