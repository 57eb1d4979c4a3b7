import { expect, test } from './support/people.ts';
import { PHONE } from './support/devices.ts';

// A row of tabs wider than a phone (EPI for a coordinator: six tabs) stays one row that scrolls
// sideways, instead of wrapping into a staircase with the active line under only one row.

test('on a phone the EPI tabs are one row that scrolls sideways, and the last tab is reachable', async ({
  people,
}) => {
  const coord = await people.person('Coordenador');
  const phone = await people.page(coord, PHONE);
  await phone.goto('/tatico/epi');
  const list = phone.getByRole('tablist').first();
  const tabs = list.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(5);
  // Every tab's top read in one go: the alerts card above can appear between two reads and
  // move the whole row down (182 then 422), which is not a second row.
  const tops = await list.evaluate((el) =>
    Array.from(el.querySelectorAll('[role="tab"]'), (t) =>
      Math.round(t.getBoundingClientRect().top),
    ),
  );
  expect(new Set(tops).size).toBe(1);
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The page itself does not scroll sideways.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const last = tabs.nth(count - 1);
  await last.scrollIntoViewIfNeeded();
  await last.tap();
  await expect(last).toHaveAttribute('aria-selected', 'true');
});

test('on a phone a tab chosen by the address (?aba=) is scrolled into the row, not left out of sight', async ({
  people,
}) => {
  const coord = await people.person('Coordenador');
  const phone = await people.page(coord, PHONE);
  await phone.goto('/tatico/epi?aba=apr-pt');
  const chosen = phone.getByRole('tab', { name: 'APR e PT' });
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  const list = phone.getByRole('tablist').first();
  // Whole inside the row's visible part (the row itself may still be below the fold).
  await expect
    .poll(async () => {
      const [row, tab] = await Promise.all([list.boundingBox(), chosen.boundingBox()]);
      return tab!.x >= row!.x && tab!.x + tab!.width <= row!.x + row!.width;
    })
    .toBe(true);
  // The page did not scroll to get there.
  expect(await phone.evaluate(() => window.scrollY)).toBe(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
