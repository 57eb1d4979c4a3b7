import { expect, test } from './support/people.ts';
import { demand, task, team } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';
import { apiLog, callsTo, pushStreamOpen } from './support/changefeed.ts';

// Issue 37: the finance list and the review queue take a change as a delta. A finance step
// patches the finance list's page and its counters with one `…/murals/changes` answer; a task
// sent to review (or decided) patches the queue's page and the menu badge with one
// `/reviews/changes` answer. Before, each read the list and its counters again, in every tab,
// and the review lists were read again on every change of any task or demand.

/**
 * How long a pushed change may take to show: the change, then one small ask, on a machine that
 * may be busy (the polls are 25 s and more: only the push can make it).
 */
const PUSH = 10_000;

test('a demand sent to finance and opened: the other tab patches the list and counters', async ({
  people,
}) => {
  const t = await team(people, 'Gerente', ['Financeiro']);
  const titulo = `Medição para faturar ${people.tag()}`;
  const muralId = (await demand(t, { titulo })).id;

  const fin = await people.page(t.members[0]!, DESKTOP);
  const context = fin.context();
  const streaming = pushStreamOpen(context);
  await fin.goto('/eproto/murals');
  await expect(fin.getByRole('tab', { name: /Financeiro/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const other = await context.newPage();
  await other.goto('/eproto/murals');
  const counter = (status: string) =>
    other.getByRole('button', { name: new RegExp(`^${status}: \\d+$`) });
  await expect(counter('Enviado')).toBeVisible();
  await streaming;
  for (const page of [fin, other]) await page.waitForLoadState('networkidle');
  const sentLabel = (await counter('Enviado').getAttribute('aria-label')) ?? '';
  const sentBefore = Number(/: (\d+)$/.exec(sentLabel)?.[1] ?? 0);
  const [finLog, otherLog] = [apiLog(fin), apiLog(other)];

  // The gerente sends it from elsewhere: both finance tabs show it, counted.
  const sent = await t.api.post(`/api/eproto/financeiro/murals/${muralId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  for (const page of [fin, other]) {
    await expect(page.getByRole('button', { name: `Abrir ${titulo}` })).toBeVisible({
      timeout: PUSH,
    });
  }
  await expect(other.getByRole('button', { name: `Enviado: ${sentBefore + 1}` })).toBeVisible();

  // Opened in one tab (marks it viewed): the other tab's row and counters follow.
  await fin.bringToFront();
  await fin.getByRole('button', { name: `Abrir ${titulo}` }).click();
  await expect(fin.getByRole('dialog').getByText('Visualizado', { exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: `Enviado: ${sentBefore}` })).toBeVisible({
    timeout: PUSH,
  });
  for (const page of [fin, other]) await page.waitForLoadState('networkidle');

  for (const log of [finLog, otherLog]) {
    // Neither the list nor the counters were read whole: one small ask per step.
    expect(callsTo(log, 'GET /api/eproto/financeiro/murals?')).toEqual([]);
    expect(callsTo(log, 'GET /api/eproto/financeiro/contador')).toEqual([]);
    const asks = callsTo(log, 'GET /api/eproto/financeiro/murals/changes?');
    expect(asks).toHaveLength(2);
    for (const ask of asks) expect(ask).toContain('updated_since=');
  }
  // The tab that opened it: its finance page from the answer, not read again.
  expect(callsTo(finLog, `GET /api/eproto/financeiro/murals/${muralId}`)).toHaveLength(1);
});

test('a task sent to review and approved: the other tab patches the queue and badge', async ({
  people,
}) => {
  const t = await team(people, 'Gerente', ['Equipe']);
  const equipe = t.members[0]!;
  const mural = await demand(t, { titulo: `Subestação ${people.tag()}` });
  const laudo = await task(t, {
    mural_id: mural.id,
    titulo: `Laudo termográfico ${people.tag()}`,
    responsavel_id: equipe.id,
  });
  const quiet = await task(t, { mural_id: mural.id, titulo: `Limpeza ${people.tag()}` });

  const first = await people.page(t.gestor, DESKTOP);
  const context = first.context();
  const streaming = pushStreamOpen(context);
  await first.goto('/eproto/reviews');
  const other = await context.newPage();
  await other.goto('/eproto/reviews');
  await expect(other.getByText('Nenhuma revisão pendente').first()).toBeVisible();
  await streaming;
  for (const page of [first, other]) await page.waitForLoadState('networkidle');
  const [firstLog, otherLog] = [apiLog(first), apiLog(other)];

  // A task that never goes to review changes: no review list asks anything.
  const edited = await t.api.patch(`/api/eproto/protocols/${quiet.id}/kanban`, {
    data: { stage: 'em_andamento' },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  // The equipe sends the laudo to review: both queues show it with one small ask.
  const api = await people.api(equipe);
  const moved = await api.patch(`/api/eproto/protocols/${laudo.id}/kanban`, {
    data: { stage: 'em_revisao' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const approve = (page: typeof first) =>
    page.getByRole('button', { name: `Aprovar ${laudo.titulo}` }).filter({ visible: true });
  for (const page of [first, other]) await expect(approve(page)).toBeVisible({ timeout: PUSH });

  // Approved in one tab: gone from the other with no read of the queue.
  await first.bringToFront();
  await approve(first).click();
  await expect(first.getByText(`Tarefa "${laudo.titulo}" aprovada e concluída.`)).toBeVisible();
  await expect(approve(other)).toHaveCount(0, { timeout: PUSH });
  for (const page of [first, other]) await page.waitForLoadState('networkidle');

  // The queue was never read whole (its badge also polls /reviews/count every 25 s: not counted).
  for (const log of [firstLog, otherLog])
    expect(callsTo(log, 'GET /api/eproto/reviews?')).toEqual([]);
  // The other tab: one ask for the task sent to review, one for the decision.
  const asks = callsTo(otherLog, 'GET /api/eproto/reviews/changes?');
  expect(asks).toHaveLength(2);
  for (const ask of asks) expect(ask).toContain('updated_since=');
  await other.screenshot({ path: test.info().outputPath('reviews-1440.png') });
});
