import { expect, get, test } from './support/people.ts';
import { demand, task, team } from './support/work.ts';
import { DESKTOP, PHONE } from './support/devices.ts';

// The thread every work item shares (demands and tasks): each test has people and work of its
// own (support/work.ts).

test('mentioning someone outside a demand tells the author, who adds and notifies them', async ({
  people,
}) => {
  const t = await team(people, 'Gerente');
  const tag = people.tag();
  const outsider = await people.person('Equipe', { nome: `Otávio Prado ${tag}` });
  const mural = await demand(t, { titulo: `Troca do quadro geral ${tag}` });

  const page = await people.page(t.gestor, DESKTOP);
  await page.goto(`/eproto/murals/${mural.id}?aba=mensagens`);
  const box = page.getByRole('textbox', { name: 'Mensagem' });
  await box.click();
  await box.pressSequentially(`@${outsider.nome} pode vir amanhã?`);
  const posted = page.waitForResponse(
    (r) => r.url().endsWith(`/api/eproto/murals/${mural.id}/messages`) && r.status() === 201,
  );
  await box.press('Enter');
  const body = (await (await posted).json()) as {
    id: number;
    mentions: number[];
    not_notified: { id: number }[];
  };
  expect(body.mentions).toEqual([]);
  expect(body.not_notified.map((p) => p.id)).toEqual([outsider.id]);

  const notice = page.getByRole('status').filter({ hasText: 'não foi avisado' });
  await expect(notice).toContainText(`${outsider.nome} não foi avisado`);
  const added = page.waitForResponse(
    (r) => r.url().endsWith(`/messages/${body.id}/mentions`) && r.status() === 200,
  );
  await notice.getByRole('button', { name: `Adicionar ${outsider.nome} e avisar` }).click();
  await added;
  await expect(notice).toBeHidden();

  // Stored: a participant of the demand now, with the mention in the bell.
  const participants = await get<{ user_id: number }[]>(
    t.api,
    `/api/eproto/murals/${mural.id}/participants`,
  );
  expect(participants.map((p) => p.user_id)).toContain(outsider.id);
  const bell = await get<{ items: { type: string; mural_id: number | null }[] }>(
    await people.api(outsider),
    '/api/eproto/notifications',
  );
  expect(bell.items).toContainEqual(
    expect.objectContaining({ type: 'mention', mural_id: mural.id }),
  );
});

test('on a phone, a task attachment is deleted with a reason that stays in history', async ({
  people,
}) => {
  const t = await team(people, 'Gerente');
  const tag = people.tag();
  const mural = await demand(t, { titulo: `Vistoria elétrica ${tag}` });
  const created = await task(t, { mural_id: mural.id, titulo: `Medir aterramento ${tag}` });
  const upload = await t.api.post(`/api/eproto/protocols/${created.id}/attachments`, {
    multipart: {
      display_name: 'Medição errada',
      file: { name: 'medicao.txt', mimeType: 'text/plain', buffer: Buffer.from('12 ohms\n') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  const page = await people.page(t.gestor, PHONE);
  await page.goto(`/eproto/protocols/${created.id}?aba=anexos`);
  await page.getByRole('button', { name: 'Excluir Medição errada' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Excluir anexo' });
  const reason = dialog.getByRole('textbox', { name: /Motivo da exclusão/ });
  await reason.tap();
  await reason.pressSequentially('Arquivo da torre errada');
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/attachments/'),
  );
  await dialog.getByRole('button', { name: 'Excluir anexo' }).tap();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Medição errada' })).toBeHidden();

  const files = await get<unknown[]>(t.api, `/api/eproto/protocols/${created.id}/attachments`);
  expect(files).toEqual([]);
  const history = await get<{ action: string; texto: string | null }[]>(
    t.api,
    `/api/eproto/protocols/${created.id}/history`,
  );
  expect(history).toContainEqual(
    expect.objectContaining({ action: 'anexo_removido', texto: 'Arquivo da torre errada' }),
  );
  // and the history tab says so
  await page.getByRole('tab', { name: 'Histórico' }).tap();
  await expect(page.getByText('Anexo removido')).toBeVisible();
});
