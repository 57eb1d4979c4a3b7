import { expect, test } from './support/people.ts';
import { demand, team } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';
import { apiLog, column, dragCard, pushStreamOpen } from './support/changefeed.ts';

// Issue 37: a card moved in one tab reaches the other open tabs as a patch of that card, never
// as a new read of the whole board: a kanban move's event carries the card's new stage and
// version (MuralMove), so they ask nothing at all (GET /murals/summary/changes is only the
// fallback for a tab that missed a version); the tab that moved reads nothing again (it skips
// its own event, and its answer already holds the new version).

test('a move in one of three tabs reaches the other two as a one-card patch', async ({
  people,
}) => {
  const t = await team(people, 'Coordenador');
  for (let i = 1; i <= 5; i += 1) await demand(t, { titulo: `Vistoria ${i} ${people.tag()}` });
  // Created last, so listed first (newest first): on screen without scrolling.
  const mural = await demand(t, { titulo: `Troca de luminárias ${people.tag()}` });
  const first = await people.page(t.gestor, DESKTOP);
  const context = first.context();
  const streaming = pushStreamOpen(context);
  const tabs = [first, await context.newPage(), await context.newPage()];
  const cardId = `mural-card-${mural.id}`;
  for (const tab of tabs) {
    await tab.goto(`/eproto/quadros?quadro=${t.board.id}`);
    await expect(column(tab, 'a_fazer').getByTestId(cardId)).toBeVisible();
  }
  await streaming;
  const logs = tabs.map(apiLog);

  const saved = first.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/eproto/murals/${mural.id}/kanban`) &&
      r.request().method() === 'PATCH' &&
      r.status() === 200,
  );
  await first.bringToFront();
  await dragCard(first, cardId, 'em_revisao');
  await saved;

  for (const tab of tabs.slice(1)) {
    await expect(column(tab, 'em_revisao').getByTestId(cardId)).toBeVisible({ timeout: 3_000 });
    await expect(column(tab, 'a_fazer').getByTestId(cardId)).toHaveCount(0);
    await tab.waitForLoadState('networkidle');
  }
  const delta = `GET /api/eproto/murals/summary/changes?board_id=${t.board.id}&updated_since=`;
  // A read of the whole board (GET /murals/summary?board_id=…). The offline prefetch of each
  // tab reads the Demandas list (/murals/summary?page=1…, no board) once when the tab opens,
  // late on a busy machine: that is not the board, and not caused by the move.
  const boardReads = (log: string[]) =>
    log.filter((c) => c.startsWith('GET /api/eproto/murals/summary?') && c.includes('board_id='));
  for (const log of logs.slice(1)) {
    expect(log.filter((c) => c.startsWith(delta))).toEqual([]);
    expect(boardReads(log)).toEqual([]);
  }
  // The tab that moved: its write, and nothing of the board read again.
  expect(logs[0]).toContain(`PATCH /api/eproto/murals/${mural.id}/kanban`);
  expect((logs[0] ?? []).filter((c) => c.startsWith('GET /api/eproto/murals/summary'))).toEqual([]);
  await expect(column(first, 'em_revisao').getByTestId(cardId)).toBeVisible();
});
