import { expect, test } from './support/people.ts';
import { demand, task, team } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';
import { apiLog, callsTo, pushStreamOpen, writeAnswered } from './support/changefeed.ts';

// Issue 37: the feed and the bell of one tab take what another tab changed as a delta: the
// feed asks what came since its cursor and prepends it; the bell takes a read and the unread
// count from the event itself, with no read at all.

test('a task moved in one tab is prepended to the feed of another as a delta', async ({
  people,
}) => {
  const t = await team(people, 'Coordenador');
  const mural = await demand(t, { titulo: `Reservatório ${people.tag()}` });
  const moved = await task(t, { mural_id: mural.id, titulo: `Lavar caixa ${people.tag()}` });
  const feed = await people.page(t.gestor, DESKTOP);
  const context = feed.context();
  const streaming = pushStreamOpen(context);
  await feed.goto('/eproto/feed');
  await expect(feed.getByText(moved.titulo).first()).toBeVisible();
  const taskPage = await context.newPage();
  await taskPage.goto(`/eproto/protocols/${moved.id}`);
  const stage = taskPage.getByRole('combobox', { name: 'Etapa' });
  await expect(stage).toHaveValue('A fazer');
  await streaming;
  const log = apiLog(feed);

  const saved = writeAnswered(taskPage, 'PATCH', `/api/eproto/protocols/${moved.id}/kanban`);
  await stage.click();
  await taskPage.getByRole('option', { name: 'Em andamento' }).click();
  await saved;

  await expect(feed.getByText('Etapa alterada: Em andamento').first()).toBeVisible({
    timeout: 3_000,
  });
  await feed.waitForLoadState('networkidle');
  const reads = callsTo(log, 'GET /api/eproto/feed?');
  expect(reads).toHaveLength(1);
  expect(reads[0]).toContain('updated_since=');
});

test('notifications read in one tab clear the bell of another with no read', async ({ people }) => {
  const t = await team(people, 'Gerente', ['Coordenador']);
  const [member] = t.members;
  if (!member) throw new Error('no member');
  const mural = await demand(t, { titulo: `Poço artesiano ${people.tag()}` });
  for (const titulo of ['Medir vazão', 'Trocar bomba']) {
    await task(t, {
      mural_id: mural.id,
      titulo: `${titulo} ${people.tag()}`,
      responsavel_id: member.id,
    });
  }
  const first = await people.page(member, DESKTOP);
  const context = first.context();
  const streaming = pushStreamOpen(context);
  await first.goto('/eproto/feed');
  const other = await context.newPage();
  await other.goto('/eproto/feed');
  const bell = (page: typeof first) => page.getByRole('button', { name: /^Avisos/ });
  for (const tab of [first, other])
    await expect(bell(tab)).toHaveAccessibleName('Avisos: 2 não lidos');
  await streaming;
  const log = apiLog(other);

  await first.bringToFront();
  const saved = writeAnswered(first, 'PATCH', '/api/eproto/notifications/read-all');
  await bell(first).click();
  await first.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await saved;
  await expect(bell(first)).toHaveAccessibleName('Avisos');

  await expect(bell(other)).toHaveAccessibleName('Avisos', { timeout: 3_000 });
  await other.waitForLoadState('networkidle');
  expect(callsTo(log, 'GET /api/eproto/notifications')).toEqual([]);
});
