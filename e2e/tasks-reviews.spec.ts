import { sidebar } from './support/auth.ts';
import { expect, post, test } from './support/people.ts';
import { demand, task, team, type Team } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';

// Each test reviews tasks of its own demand, so the Revisões badge counts only them.

test.use(DESKTOP);

/** Tasks of a new demand, each moved to review by the gestor. */
async function inReview(t: Team, tag: string, titles: string[]) {
  const mural = await demand(t, { titulo: `Vistoria da subestação ${tag}` });
  const tasks = [];
  for (const titulo of titles) {
    const created = await task(t, { mural_id: mural.id, titulo: `${titulo} ${tag}` });
    const res = await t.api.patch(`/api/eproto/protocols/${created.id}/kanban`, {
      data: { stage: 'em_revisao' },
    });
    expect(res.status(), await res.text()).toBe(200);
    tasks.push(created);
  }
  return { mural, tasks };
}

test('gerente approves a review and the Revisões badge drops by one at once', async ({
  people,
}) => {
  const t = await team(people, 'Gerente');
  const tag = people.tag();
  const { tasks } = await inReview(t, tag, ['Medir aterramento', 'Fotografar painel']);
  const page = await people.page(t.gestor);
  await page.goto('/eproto/quadros');
  const link = sidebar(page).getByRole('link', { name: /^Revisões/ });
  await expect(link).toContainText('2');

  await link.click();
  await expect(page).toHaveURL(/\/eproto\/reviews$/);
  const item = page.getByTestId('review-item').filter({ hasText: tasks[0]!.titulo });
  await item.getByRole('button', { name: /^Aprovar/ }).click();

  // Optimistic: long before the 25 s poll could bring it.
  await expect(link).toContainText('1', { timeout: 5_000 });
  await expect(page.getByText(/aprovada e concluída/)).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId('review-item').filter({ hasText: tasks[1]!.titulo })).toBeVisible();

  // The server agrees after a reload.
  await page.reload();
  await expect(link).toContainText('1');
  const count = await (await t.api.get('/api/eproto/reviews/count')).json();
  expect(count).toEqual({ count: 1 });
});

test('rejecting needs a comment, and the task page shows it', async ({ people }) => {
  const t = await team(people, 'Coordenador');
  const { tasks } = await inReview(t, people.tag(), ['Conferir medição']);
  const page = await people.page(t.gestor);
  await page.goto('/eproto/reviews');
  const item = page.getByTestId('review-item').filter({ hasText: tasks[0]!.titulo });
  await item.getByRole('button', { name: /^Rejeitar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Rejeitar revisão' });
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(dialog.getByText(/Informe o motivo da rejeição/)).toBeVisible();
  await dialog
    .getByLabel('O que precisa ser ajustado?')
    .fill('Faltou a foto do painel energizado.');
  await dialog.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(page.getByText(/devolvida para ajustes/)).toBeVisible();

  await page.goto(`/eproto/protocols/${tasks[0]!.id}`);
  await expect(page.getByText('Revisão pediu ajustes')).toBeVisible();
  await expect(page.getByText('Faltou a foto do painel energizado.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Etapa' })).toHaveValue('Em andamento');
});

test('the dependency editor refuses a cycle with a Portuguese message', async ({ people }) => {
  const t = await team(people, 'Gerente');
  const tag = people.tag();
  const mural = await demand(t, { titulo: `Ampliação da rede ${tag}` });
  const first = await task(t, { mural_id: mural.id, titulo: `Abrir vala ${tag}` });
  const second = await task(t, { mural_id: mural.id, titulo: `Lançar cabo ${tag}` });
  // second depends on first: making first depend on second closes a loop.
  await post(t.api, `/api/eproto/protocols/${second.id}/dependencies`, {
    predecessor_id: first.id,
    lag_days: 0,
  });
  const page = await people.page(t.gestor);
  await page.goto(`/eproto/protocols/${first.id}`);
  const picker = page.getByRole('combobox', { name: 'Adicionar predecessora' });
  // Options read "Tarefa — Demanda"; typing the demand narrows them to its tasks.
  await picker.fill(mural.titulo);
  await page.getByRole('option', { name: `${second.titulo} — ${mural.titulo}` }).click();
  await page.getByRole('button', { name: 'Adicionar dependência' }).click();
  await expect(page.getByText(/criaria um ciclo/)).toBeVisible();
});
