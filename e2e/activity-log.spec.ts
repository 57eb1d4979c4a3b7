import { expect, get, test } from './support/people.ts';
import { PHONE } from './support/devices.ts';

// A TI reads one person's activity on a touch phone: 50 entries, then "Carregar mais" brings
// the older ones once each, while that person keeps working. The person and the TI are this
// spec's own; the count shown is checked against what the API stored.

interface ActivityPage {
  items: Array<{ id: number }>;
  nextBefore: number | null;
}

test('a TI pages through a person’s activity with "Carregar mais" on a phone', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const ti = await people.person('TI');
  const worker = await people.person('Equipe');
  const wapi = await people.api(worker);
  const rename = async (i: number) => {
    const res = await wapi.patch('/api/profile', { data: { nome: `${worker.nome} ${i}` } });
    expect(res.status(), await res.text()).toBe(200);
  };
  for (let i = 0; i < 55; i++) await rename(i);

  const page = await people.page(ti, PHONE);
  await page.goto('/users/activity');
  await expect(page.getByRole('heading', { name: 'Atividade de Usuários' })).toBeVisible();
  const who = page.getByRole('combobox', { name: 'Usuário' });
  await who.tap();
  await who.pressSequentially(worker.email.split('@')[0]!);
  await page.getByRole('option', { name: new RegExp(worker.email) }).tap();

  const cards = page.getByText(worker.email, { exact: true });
  await expect(page.getByText('50 registros carregados')).toBeVisible();
  await expect(cards).toHaveCount(50);

  // The person keeps working while the TI reads: the next page neither repeats nor skips.
  for (let i = 55; i < 58; i++) await rename(i);
  await page.getByRole('button', { name: 'Carregar mais' }).tap();

  // What the log holds for the person now, read through the API page by page.
  const tapi = await people.api(ti);
  const stored: number[] = [];
  let before: number | null = null;
  do {
    const qs: string = `userId=${worker.id}&limit=100${before ? `&before=${before}` : ''}`;
    const res: ActivityPage = await get<ActivityPage>(tapi, `/api/activity?${qs}`);
    stored.push(...res.items.map((e) => e.id));
    before = res.nextBefore;
  } while (before);
  expect(new Set(stored).size).toBe(stored.length);
  // 55 renames + the acceptance of the invitation before the page was opened; 3 renames after.
  const shown = stored.length - 3;
  expect(shown).toBeGreaterThan(55);
  await expect(page.getByText(`Todos os ${shown} registros`)).toBeVisible();
  await expect(cards).toHaveCount(shown);
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
});
