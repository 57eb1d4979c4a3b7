import { expect, test } from '@playwright/test';

test('the app is installable and opens an honest offline page without network', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = (await (await page.request.get(manifestHref!)).json()) as {
    name: string;
    lang: string;
    display: string;
    icons: Array<{ sizes: string }>;
  };
  expect(manifest.lang).toBe('pt-BR');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  // Wait until the service worker controls the page (it precaches the offline page).
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated';
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await page.goto('/eproto/murals').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Tentar de novo' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the build's scripts come from the precache without running the service worker", async ({
  page,
}) => {
  await page.goto('/login');
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated';
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // Resource Timing says how a controlled page's file was answered: by the static route of
  // public/sw-routes.js ('cache'), not by the worker's fetch handler (issue 33).
  const sources = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.startsWith('/assets/'))
      .map(
        (e) =>
          (e as PerformanceResourceTiming & { workerMatchedSourceType?: string })
            .workerMatchedSourceType,
      ),
  );
  expect(sources.length).toBeGreaterThan(3);
  expect(new Set(sources)).toEqual(new Set(['cache']));
});
