import { expect, test, type Page } from '@playwright/test';
import { login, sidebar } from './support/auth.ts';

/** What a badge shows for a count (SPEC.md: 9+ above 9). */
const badge = (n: number) => (n > 9 ? '9+' : String(n));

async function reviewCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/eproto/reviews/count');
  return ((await res.json()) as { count: number }).count;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('gerente approves a review and the Revisões badge drops by one at once', async ({ page }) => {
  await login(page, 'gerente@eproto.test');
  const link = sidebar(page).getByRole('link', { name: /^Revisões/ });
  const before = await reviewCount(page);
  expect(before).toBeGreaterThan(0);
  await expect(link).toContainText(badge(before));

  await link.click();
  await expect(page).toHaveURL(/\/eproto\/reviews$/);
  const first = page.getByTestId('review-item').first();
  const titulo = (await first.getByRole('link').first().textContent()) ?? '';
  const demand = (await first.getByRole('link').nth(1).textContent()) ?? '';
  await first.getByRole('button', { name: /^Aprovar/ }).click();

  // Optimistic: well before the 25 s poll.
  if (before - 1 > 0) await expect(link).toContainText(badge(before - 1), { timeout: 2_000 });
  else await expect(link).not.toContainText(/\d/, { timeout: 2_000 });
  await expect(page.getByText(/aprovada e concluída/)).toBeVisible();
  await expect(
    page.getByTestId('review-item').filter({ hasText: titulo }).filter({ hasText: demand }),
  ).toHaveCount(0);

  // The server agrees after a reload.
  await page.reload();
  expect(await reviewCount(page)).toBe(before - 1);
  if (before - 1 > 0) await expect(link).toContainText(badge(before - 1));
});

test('rejecting needs a comment, and the task page shows it', async ({ page }) => {
  await login(page, 'coordenador@eproto.test');
  await page.goto('/eproto/reviews');
  const first = page.getByTestId('review-item').first();
  const taskLink = first.getByRole('link').first();
  const href = await taskLink.getAttribute('href');
  await first.getByRole('button', { name: /^Rejeitar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Rejeitar revisão' });
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(dialog.getByText(/Informe o motivo da rejeição/)).toBeVisible();
  await dialog
    .getByLabel('O que precisa ser ajustado?')
    .fill('Faltou a foto do painel energizado.');
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(page.getByText(/devolvida para ajustes/)).toBeVisible();

  await page.goto(href!);
  await expect(page.getByText('Revisão pediu ajustes')).toBeVisible();
  await expect(page.getByText('Faltou a foto do painel energizado.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Etapa' })).toHaveValue('Em andamento');
});

test('the dependency editor refuses a cycle with a Portuguese message', async ({ page }) => {
  await login(page, 'gerente@eproto.test');
  // A task that has a successor: making it depend on that successor closes a loop.
  const list = (await (
    await page.request.get('/api/eproto/protocols?perPage=200&stage=a_fazer,em_andamento')
  ).json()) as Array<{ id: number }>;
  let pair: { id: number; successor: string; mural: string } | null = null;
  for (const t of list) {
    const deps = (await (
      await page.request.get(`/api/eproto/protocols/${t.id}/dependencies`)
    ).json()) as Array<{ predecessor_id: number; successor: { id: number; titulo: string } }>;
    const out = deps.find((d) => d.predecessor_id === t.id);
    if (out) {
      const succ = (await (
        await page.request.get(`/api/eproto/protocols/${out.successor.id}`)
      ).json()) as { titulo: string; mural_titulo: string };
      pair = { id: t.id, successor: succ.titulo, mural: succ.mural_titulo };
      break;
    }
  }
  expect(pair).not.toBeNull();
  await page.goto(`/eproto/protocols/${pair!.id}`);
  const picker = page.getByRole('combobox', { name: 'Adicionar predecessora' });
  // Options read "Tarefa — Demanda"; typing the demand narrows them to its tasks.
  await picker.fill(pair!.mural);
  await page.getByRole('option', { name: `${pair!.successor} — ${pair!.mural}` }).click();
  await page.getByRole('button', { name: 'Adicionar dependência' }).click();
  await expect(page.getByText(/criaria um ciclo/)).toBeVisible();
});
