import { expect, test } from './support/people.ts';
import { demand, team } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';
import { apiLog, callsTo, column, dragCard, pushStreamOpen } from './support/changefeed.ts';

// Issue 37: a card moved on a board in one tab reaches the contracts overview (demands per
// stage, late) open in another as a patch of that contract (GET /contracts/changes), never as
// a new read of every contract.

/** A tab's first paint on a 2-core machine shared with other work; after the move, 5 s. */
const FIRST_PAINT = { timeout: 30_000 };

test('a card move on a board reaches the contracts overview of another tab as a patch', async ({
  people,
}) => {
  test.setTimeout(90_000);
  const t = await team(people, 'Gerente');
  await demand(t, { titulo: `Vistoria da rede ${people.tag()}` });
  const mural = await demand(t, { titulo: `Troca de luminárias ${people.tag()}` });
  const board = await people.page(t.gestor, DESKTOP);
  const context = board.context();
  const streaming = pushStreamOpen(context);
  const cardId = `mural-card-${mural.id}`;
  await board.goto(`/eproto/quadros?quadro=${t.board.id}`);
  await expect(column(board, 'a_fazer').getByTestId(cardId)).toBeVisible(FIRST_PAINT);
  const overview = await context.newPage();
  await overview.goto(`/eproto/contracts?busca=${encodeURIComponent(t.contract.codigo)}`);
  const card = overview.getByRole('article', { name: `Contrato ${t.contract.codigo}` });
  await expect(card.getByText('0 de 2 demandas concluídas')).toBeVisible(FIRST_PAINT);
  await expect(card.getByLabel('A fazer: 2')).toBeAttached();
  await streaming;
  await overview.waitForLoadState('networkidle');
  const log = apiLog(overview);

  const saved = board.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/eproto/murals/${mural.id}/kanban`) &&
      r.request().method() === 'PATCH' &&
      r.status() === 200,
  );
  await board.bringToFront();
  await dragCard(board, cardId, 'concluido');
  await saved;

  await expect(card.getByText('1 de 2 demandas concluídas')).toBeVisible({ timeout: 5_000 });
  await expect(card.getByLabel('Concluído: 1')).toBeAttached();
  await expect(card.getByLabel('A fazer: 1')).toBeAttached();
  await expect(card.getByText('50%')).toBeVisible();
  await overview.waitForLoadState('networkidle');
  // One delta of the overview, and no read of every contract.
  const deltas = callsTo(log, 'GET /api/eproto/contracts/changes?');
  expect(deltas).toHaveLength(1);
  expect(deltas[0]).toContain('updated_since=');
  expect(callsTo(log, 'GET /api/eproto/contracts?')).toEqual([]);
});
