import { expect, test } from './support/people.ts';
import { DEVICES } from './support/devices.ts';

// /contracts drew every contract twice (a table and the phone cards, both in the page) and all
// of them at once: with hundreds it took seconds. Now 50 a page in the viewport's layout only,
// "Carregar mais" for the next. A TI on a touch phone (390, taps) and at a desk (1440), pt-BR.

for (const [device, options] of DEVICES) {
  test(`ti pages /contracts 50 at a time in one layout (${device})`, async ({ people }) => {
    // 51 contracts made through the API first: a minute and more on a loaded machine.
    test.setTimeout(240_000);
    const tag = people.tag();
    // 51 contracts of this test's own (the run makes many more: the search keeps these).
    const made = [];
    for (let from = 1; from <= 51; from += 10) {
      const batch = Array.from({ length: Math.min(10, 52 - from) }, (_, i) =>
        people.contract(`Vitrine ${tag} ${String(from + i).padStart(2, '0')}`),
      );
      made.push(...(await Promise.all(batch)));
    }
    const ti = await people.person('TI');
    const page = await people.page(ti, options);
    await page.goto(`/contracts?busca=${tag}`);
    await expect(page.getByText('50 contratos carregados')).toBeVisible({ timeout: 30_000 });
    const first = made[0]!.codigo;
    // One layout: the table at a desk, the cards on a phone, never both.
    await expect(page.getByText(first, { exact: true })).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Contratos' })).toHaveCount(
      device === 'desktop' ? 1 : 0,
    );
    await expect(page.getByText(made[50]!.codigo, { exact: true })).toHaveCount(0);

    const more = page.getByRole('button', { name: 'Carregar mais' });
    if (device === 'phone') await more.tap();
    else await more.click();
    await expect(page.getByText('Todos os 51 contratos')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(made[50]!.codigo, { exact: true })).toHaveCount(1);
    await expect(more).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(options.viewport.width);
  });
}
