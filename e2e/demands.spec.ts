import { expect, test } from './support/people.ts';
import { demand, team } from './support/work.ts';
import { DESKTOP, PHONE, screenshotThemes } from './support/devices.ts';
import { column, dragCard } from './support/changefeed.ts';

// Every test works on a board and demands of its own, with people of its own (support/work.ts).

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('coordenador drags a card to another stage and it stays there after reload', async ({
  people,
}) => {
  const t = await team(people, 'Coordenador');
  const mural = await demand(t, { titulo: `Troca de luminárias ${people.tag()}` });
  const page = await people.page(t.gestor, DESKTOP);
  await page.goto(`/eproto/quadros?quadro=${t.board.id}`);
  const cardId = `mural-card-${mural.id}`;
  await expect(column(page, 'a_fazer').getByTestId(cardId)).toBeVisible();

  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/eproto/murals/${mural.id}/kanban`) &&
      r.request().method() === 'PATCH' &&
      r.status() === 200,
  );
  await dragCard(page, cardId, 'em_revisao');
  // Optimistic: the card is in the new column before the server answers.
  await expect(column(page, 'em_revisao').getByTestId(cardId)).toBeVisible();
  await expect(column(page, 'a_fazer').getByTestId(cardId)).toHaveCount(0);
  await saved;

  await page.reload();
  await expect(column(page, 'em_revisao').getByTestId(cardId)).toBeVisible();
  await expect(column(page, 'a_fazer').getByTestId(cardId)).toHaveCount(0);
});

test('a participant mentions someone, whose bell count rises at once', async ({ people }) => {
  // The coordenador's demand, with an equipe as responsável.
  const t = await team(people, 'Coordenador', ['Equipe']);
  const equipe = t.members[0]!;
  const mural = await demand(t, {
    titulo: `Separação de material ${people.tag()}`,
    responsavel_id: equipe.id,
  });
  const coord = await people.page(t.gestor, DESKTOP);
  await coord.goto('/eproto/murals');
  const bell = coord.getByRole('button', { name: /^Avisos/ });
  await expect(bell).toHaveAccessibleName('Avisos');

  // The equipe writes in it, mentioning the coordenador.
  const page = await people.page(equipe, DESKTOP);
  await page.goto(`/eproto/murals/${mural.id}?aba=mensagens`);
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.click();
  await box.pressSequentially(`@${t.gestor.nome.slice(0, 4)}`);
  await page.getByRole('option', { name: t.gestor.nome }).click();
  const text = `material separado, pode conferir ${Date.now()}`;
  await box.pressSequentially(text);
  const posted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/eproto/murals/${mural.id}/messages`) && r.status() === 201,
  );
  await box.press('Enter');
  const body = (await (await posted).json()) as { mentions: number[]; texto: string };
  expect(body.texto).toBe(`@${t.gestor.nome} ${text}`);
  expect(body.mentions).toEqual([t.gestor.id]);
  await expect(
    page.getByRole('log', { name: 'Mensagens' }).getByText(text, { exact: false }),
  ).toBeVisible();

  // The coordenador did not reload: the bell shows the mention (push, not the 60 s poll).
  await expect(bell).toHaveAccessibleName('Avisos: 1 não lido', { timeout: 5_000 });
  await bell.click();
  await expect(
    coord.getByRole('dialog', { name: 'Avisos' }).getByText(text, { exact: false }),
  ).toBeVisible();
});

test('upload a file to a demand, then download it', async ({ people }) => {
  const t = await team(people, 'Coordenador');
  const mural = await demand(t, { titulo: `Relatório de campo ${people.tag()}` });
  const page = await people.page(t.gestor, DESKTOP);
  await page.goto(`/eproto/murals/${mural.id}?aba=anexos`);
  const content = `Relatório de campo gerado pelo teste ${Date.now()}\n`;
  await page.locator('input[type="file"]').setInputFiles({
    name: 'relatorio-campo.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(content, 'utf8'),
  });
  await page.getByLabel('Nome de exibição').fill('Relatório de campo (E2E)');
  const uploaded = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/eproto/murals/${mural.id}/attachments/upload`) && r.status() === 201,
  );
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await uploaded;

  const list = page.getByLabel('Anexos', { exact: true });
  const link = list.getByRole('link', { name: 'Relatório de campo (E2E)', exact: true });
  await expect(link).toBeVisible();

  const downloading = page.waitForEvent('download');
  await list.getByRole('link', { name: 'Baixar Relatório de campo (E2E)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('relatorio-campo.txt');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toBe(content);
});

test('on a phone, an empty "Nova demanda" shows its first error below the modal title, not under it', async ({
  people,
}) => {
  const t = await team(people, 'Gerente');
  const page = await people.page(t.gestor, { viewport: { width: 390, height: 844 } });
  await page.goto(`/eproto/quadros?quadro=${t.board.id}`);
  await page.getByRole('button', { name: 'Nova demanda' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova demanda' });
  await dialog.getByRole('button', { name: 'Criar demanda' }).click();
  const title = dialog.getByRole('textbox', { name: /Título/ });
  await expect(title).toBeFocused();
  await expect(dialog.getByText('O título deve ter pelo menos 3 caracteres.')).toBeVisible();
  // the focused field is what a finger at its centre touches: not covered by the sticky title bar
  const box = (await title.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('name') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('titulo');
});

// Issue 33: a phone paints the board without zod, the folded pickers or the "Recorrentes" panel;
// each loads at its first tap.
test('on a phone the board loads its folded filters and its series panel at the first tap', async ({
  people,
}) => {
  const t = await team(people, 'Gerente');
  await demand(t, { titulo: `Vistoria do telhado ${people.tag()}` });
  const page = await people.page(t.gestor, PHONE);
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') chunks.push(new URL(r.url()).pathname);
  });
  const asked = (name: string) => chunks.some((c) => c.includes(name));
  await page.goto(`/eproto/quadros?quadro=${t.board.id}`);
  await expect(page.getByText('Vistoria do telhado', { exact: false })).toBeVisible();
  await page.evaluate(
    () => new Promise((done) => requestIdleCallback(() => setTimeout(done, 1_500))),
  );
  expect(asked('zod-core')).toBe(false);
  expect(asked('kanban-filter-fields')).toBe(false);
  await expect(page.getByRole('combobox', { name: 'Responsável' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Filtros', exact: true }).tap();
  await expect(page.getByRole('combobox', { name: 'Responsável' })).toBeVisible({
    timeout: 20_000,
  });
  await page.locator('label', { hasText: 'Atrasadas' }).tap();
  await expect(page.getByText('Nenhuma demanda corresponde aos filtros.')).toBeVisible();
  await screenshotThemes(page, (theme) => `${SHOTS}/board-filters-phone-${theme}.png`);

  await page.getByRole('button', { name: 'Recorrentes' }).tap();
  await expect(page.getByText('Demandas recorrentes do quadro')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Nenhuma demanda recorrente')).toBeVisible();
});
