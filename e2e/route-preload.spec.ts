import { expect, test } from './support/people.ts';
import { PHONE } from './support/devices.ts';

// Issue 33: a tab opened on a route starts downloading that route's chunks (signed-in shell,
// page) with the entry, from the map in index.html (vite.config.ts, eproto-route-preload, read
// by public/theme-init.js), instead of after the entry has arrived and run.

/** The modulepreload links of the document, by file name without its hash. */
const preloaded = () =>
  Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map((l) =>
    new URL(l.href).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''),
  );

test('a technician opening Minha agenda fetches the shell and the agenda page from the first byte', async ({
  people,
  browser,
}) => {
  const tech = await people.person('Equipe');
  const phone = await people.page(tech, PHONE);
  // The page's chunks, as the browser requested them, before React ran anything.
  const requested: string[] = [];
  phone.on('request', (r) => {
    if (r.resourceType() === 'script') requested.push(new URL(r.url()).pathname);
  });
  await phone.goto('/tatico/agenda', { waitUntil: 'commit' });
  await phone.waitForFunction(() => document.readyState !== 'loading');
  // theme-init.js adds the links a few per task: the last ones within a few tasks of parsing.
  await expect.poll(() => phone.evaluate(preloaded)).toContain('agenda-page-route');
  const links = await phone.evaluate(preloaded);
  expect(links).toContain('app-shell-layout');
  expect(links).toContain('agenda-page-route');
  // Not the pages of other routes.
  expect(links).not.toContain('service-order-page');
  expect(links).not.toContain('login-page');
  await expect(phone.getByRole('heading', { name: 'Minha agenda' })).toBeVisible();
  expect(requested.some((p) => p.includes('/assets/agenda-page-route-'))).toBe(true);
  // Who is signed in was asked once, by theme-init.js while the document was still parsing
  // (before the app's module scripts ran), and the app took that answer instead of asking again.
  const me = await phone.evaluate(() => {
    const asked = performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname === '/api/users/me');
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { count: asked.length, start: asked[0]?.startTime ?? -1, parsed: nav.domInteractive };
  });
  expect(me.count).toBe(1);
  expect(me.start).toBeGreaterThanOrEqual(0);
  expect(me.start).toBeLessThan(me.parsed);

  // /login (nobody signed in) gets its own page and nothing of the signed-in shell.
  const anonymous = await browser.newContext(PHONE);
  const visitor = await anonymous.newPage();
  await visitor.goto('/login', { waitUntil: 'commit' });
  await visitor.waitForFunction(() => document.readyState !== 'loading');
  await expect.poll(() => visitor.evaluate(preloaded)).toContain('login-page');
  const login = await visitor.evaluate(preloaded);
  expect(login).not.toContain('app-shell-layout');
  await anonymous.close();
});
