import type { Page } from '@playwright/test';
import { expect, test } from './support/people.ts';
import { demand, team } from './support/work.ts';
import { DESKTOP, DEVICES, screenshotThemes } from './support/devices.ts';
import { apiLog, column, dragCard, pushStreamOpen } from './support/changefeed.ts';

// Issue 37 point 5: two people on the same board, each in their own browser. A move made by
// one shows in the other's board (the event moves the card, nothing is read), and a card
// one of them is editing shows the other who ("Ana Souza está editando"), until the form closes.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

/** The person's board page, open and listening to the push stream. */
async function boardOf(page: Page, boardId: number, cardId: string) {
  const streaming = pushStreamOpen(page.context());
  await page.goto(`/eproto/quadros?quadro=${boardId}`);
  // A first load on a busy machine (8 people's work on 2 cores) takes its time.
  await expect(page.getByTestId(cardId)).toBeVisible({ timeout: 30_000 });
  await streaming;
}

test('two people on one board see each other’s moves and who is editing a card', async ({
  people,
}) => {
  const t = await team(people, 'Gerente', ['Gerente']);
  const [colleague] = t.members;
  const mural = await demand(t, { titulo: `Troca do quadro de comando ${people.tag()}` });
  const cardId = `mural-card-${mural.id}`;
  const mover = await people.page(t.gestor, DESKTOP);
  const watcher = await people.page(colleague!, DESKTOP);
  await boardOf(mover, t.board.id, cardId);
  await boardOf(watcher, t.board.id, cardId);
  await expect(column(watcher, 'a_fazer').getByTestId(cardId)).toBeVisible();
  const watched = apiLog(watcher);

  // A move by the gestor reaches the colleague's board as a patch of that card.
  const saved = mover.waitForResponse(
    (r) => r.url().endsWith(`/api/eproto/murals/${mural.id}/kanban`) && r.status() === 200,
  );
  await mover.bringToFront();
  await dragCard(mover, cardId, 'em_revisao');
  await saved;
  await expect(column(watcher, 'em_revisao').getByTestId(cardId)).toBeVisible({ timeout: 10_000 });
  await expect(column(watcher, 'a_fazer').getByTestId(cardId)).toHaveCount(0);
  expect(
    watched.filter(
      (c) => c.startsWith('GET /api/eproto/murals/summary?') && c.includes('board_id'),
    ),
  ).toEqual([]);
  // The move's event carries the card's stage and version (MuralMove): the colleague's board
  // asks nothing at all (GET /murals/summary/changes is the fallback for a missed version).
  expect(watched.filter((c) => c.startsWith('GET /api/eproto/murals/summary/changes'))).toEqual([]);

  // The gestor opens the card's edit form: the colleague's card says who is editing it.
  await mover.getByRole('button', { name: `Ações da demanda ${mural.titulo}` }).click();
  await mover.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(mover.getByRole('dialog')).toBeVisible();
  const note = watcher.getByTestId(cardId).getByTestId('presence-note');
  // The avatar's initials, then the line: "Elisa Almeida está editando".
  await expect(note.getByText(`${t.gestor.nome} está editando`, { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  // The gestor's own board shows no note for their own editing.
  await expect(mover.getByTestId(cardId).getByTestId('presence-note')).toHaveCount(0);

  // The form closes: the note goes away (ativo: false), long before the 12 s it would take
  // a tab that vanished without a word.
  await mover.keyboard.press('Escape');
  await expect(mover.getByRole('dialog')).toHaveCount(0);
  await expect(note).toHaveCount(0, { timeout: 8_000 });
});

test('the presence note on a card, at 390 and 1440 px, light and dark', async ({ people }) => {
  // Three browser contexts one after the other (the editor's and one per device looking on).
  test.setTimeout(240_000);
  const t = await team(people, 'Gerente', ['Gerente']);
  const [colleague] = t.members;
  const mural = await demand(t, { titulo: `Revisão do SPDA do galpão ${people.tag()}` });
  const cardId = `mural-card-${mural.id}`;
  const editor = await people.page(t.gestor, DESKTOP);
  await boardOf(editor, t.board.id, cardId);
  await editor.getByRole('button', { name: `Ações da demanda ${mural.titulo}` }).click();
  await editor.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(editor.getByRole('dialog')).toBeVisible();
  // The form stays open (its heartbeat every 5 s) while the colleague looks on each screen.
  for (const [device, options] of DEVICES) {
    const page = await people.page(colleague!, options);
    await boardOf(page, t.board.id, cardId);
    const note = page.getByTestId(cardId).getByTestId('presence-note');
    await expect(note.getByText(`${t.gestor.nome} está editando`, { exact: true })).toBeVisible({
      timeout: 10_000,
    });
    await screenshotThemes(page, (theme) => `${SHOTS}/presence-note-${device}-${theme}.png`);
    await page.context().close();
  }
});
