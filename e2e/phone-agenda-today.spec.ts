import { expect, test } from './support/people.ts';
import { PHONE } from './support/devices.ts';

// On a phone the agenda week's toolbar (‹ Hoje › and the period) keeps "Hoje" whole: the period
// beside it wraps instead of squeezing the button until its label is cut.

test('on a phone the agenda week shows "Hoje" whole beside a two-line period', async ({
  people,
}) => {
  const coord = await people.person('Coordenador');
  const phone = await people.page(coord, PHONE);
  await phone.goto('/tatico/agenda');
  const today = phone.getByRole('button', { name: 'Hoje', exact: true });
  await expect(today).toBeVisible();
  // The label fits its button: nothing of it is clipped.
  const clipped = await today.evaluate((b) => {
    const label = b.querySelector('.mantine-Button-label') ?? b;
    return label.scrollWidth > label.clientWidth || b.scrollWidth > b.clientWidth;
  });
  expect(clipped).toBe(false);
  await today.tap();
  await expect(phone.getByText(/^\d\d\/\d\d a \d\d\/\d\d\/\d{4}$/)).toBeVisible();
});
