import type { Page } from '@playwright/test';

import { pdfText } from '../apps/server/test/pdf-text.ts';
import { expect, get, post, test } from './support/people.ts';
import { keptOnPhone } from './support/phone-cache.ts';
import { phoneAt } from './support/devices.ts';
import { fillConclusionSignature } from './support/signature.ts';

// The week's prefetch brings what a technician's OSs need, so a whole OS runs offline even if
// its screens were never opened online: an OS made with "Nova OS" (in "Minha agenda" and in
// "Minhas OS abertas"), the material picker with stock as last known, the checklist. The
// signature made offline keeps the phone's time, stored and printed in the sealed PDF beside
// the time the server received it. People, contract, type, stock and OS are this spec's own.

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const PHONE = phoneAt(SITE, 10);
/** The phone's clock runs this far behind the server: its times differ from the arrival. */
const PHONE_BEHIND_MS = 25 * 60_000;

/** Waits until the service worker controls the page (it precaches the app shell). */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated';
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** "29/11/2026, 02:23" as the report prints it (company time zone). */
const shown = (iso: string | number) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

test('an OS made with Nova OS runs offline with materials never opened online, and the signature keeps the phone time', async ({
  people,
}) => {
  test.setTimeout(180_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const api = await people.api(coord);
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Visita de manutenção ${tag}`,
    itens: [{ titulo: 'Observação do técnico', tipo: 'texto_curto' }],
  });
  const stock = await post<{ item: { id: number } }>(api, '/api/tatico/inventario/itens', {
    natureza: 'consumivel',
    codigo: `CB-${tag}`.toUpperCase().replace(/[^A-Z0-9-]/g, ''),
    nome: `Cabo flexível ${tag}`,
    categoria: 'Elétrica',
    localizacao: 'Almoxarifado',
    unidade: 'm',
    quantidade_inicial: 40,
  });
  // "Nova OS": no agenda entry made by hand.
  const os = await post<{ id: number; codigo: string }>(api, '/api/tatico/os', {
    contract_id: contract.id,
    service_type_id: tipo.id,
    local: `Galpão ${tag}`,
    ...SITE,
    previsto_inicio: new Date(Date.now() - 10 * 60_000).toISOString(),
    previsto_fim: new Date(Date.now() + 3 * 3600_000).toISOString(),
    pessoas: [tecnico.id],
  });

  // Online once, on "Minha agenda" only: the OS is there, and in "Minhas OS abertas".
  const phone = await people.page(tecnico, PHONE);
  const context = phone.context();
  await phone.goto('/tatico/agenda');
  await controlledByServiceWorker(phone);
  const card = phone
    .getByTestId('minha-agenda-entry')
    .filter({ hasText: `Visita de manutenção ${tag}` });
  await expect(card.getByTestId('minha-agenda-os')).toContainText(`Abrir ${os.codigo}`);
  await expect(
    phone
      .getByTestId('minhas-os-abertas')
      .getByTestId('minha-os-aberta')
      .filter({ hasText: os.codigo }),
  ).toBeVisible();
  // The prefetch kept the material picker and the OS without their screens being opened.
  await expect.poll(() => keptOnPhone(phone, 'inventory'), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => keptOnPhone(phone, os.id), { timeout: 20_000 }).toBe(true);

  // Airplane mode, and a phone clock 25 minutes behind the server's.
  await context.setOffline(true);
  await phone.clock.setSystemTime(Date.now() - PHONE_BEHIND_MS);
  await expect(phone.getByTestId('offline-bar')).toContainText('Sem conexão');
  await phone.getByTestId('minha-os-aberta').filter({ hasText: os.codigo }).tap();
  await expect(phone.getByTestId('os-codigo')).toHaveText(os.codigo);
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');

  await phone.getByRole('tab', { name: /Materiais/ }).tap();
  await phone.getByRole('combobox', { name: 'Material ou ferramenta', exact: true }).tap();
  await phone.getByRole('option', { name: new RegExp(`Cabo flexível ${tag}`) }).tap();
  const qty = phone.getByRole('textbox', { name: /Quantidade/ });
  await qty.tap();
  await qty.fill('');
  await qty.pressSequentially('3', { delay: 20 });
  await phone.getByRole('button', { name: 'Registrar material' }).tap();
  await expect(phone.getByTestId('os-material')).toHaveCount(1);
  await expect(phone.getByTestId('os-material')).toContainText('aguardando conexão');

  await phone.getByRole('button', { name: 'Concluir' }).tap();
  const dialog = phone.getByRole('dialog', { name: `Concluir ${os.codigo}` });
  await fillConclusionSignature(phone, dialog, 'Célia Antunes');
  const phoneBefore = await phone.evaluate(() => Date.now());
  await dialog.getByRole('button', { name: 'Registrar assinatura' }).tap();
  await expect(dialog).toBeHidden();
  const phoneAfter = await phone.evaluate(() => Date.now());
  await expect(phone.getByText('Concluída — aguardando conexão')).toBeVisible();

  // Signal back: sent by itself.
  const onlineAt = Date.now();
  await context.setOffline(false);
  await expect
    .poll(async () => (await get<{ status: string }>(api, `/api/tatico/os/${os.id}`)).status, {
      timeout: 45_000,
    })
    .toBe('concluida');

  const done = await get<{
    concluida_em: string;
    materiais: { quantidade: number }[];
    assinatura: { em: string; cliente_nome: string };
    selo: { selada_em: string };
  }>(api, `/api/tatico/os/${os.id}`);
  expect(done.materiais).toEqual([expect.objectContaining({ quantidade: 3 })]);
  // Stored at the phone's time of the signature, not at the sync.
  const signedAt = Date.parse(done.concluida_em);
  expect(signedAt).toBeGreaterThanOrEqual(phoneBefore - 1_000);
  expect(signedAt).toBeLessThanOrEqual(phoneAfter + 1_000);
  expect(done.assinatura).toMatchObject({ cliente_nome: 'Célia Antunes', em: done.concluida_em });
  expect(Date.parse(done.selo.selada_em)).toBeGreaterThanOrEqual(onlineAt - 1_000);
  const stock2 = await get<{ item: { quantidade: number } }>(
    api,
    `/api/tatico/inventario/itens/${stock.item.id}`,
  );
  expect(stock2.item.quantidade).toBe(37);

  // The sealed PDF prints both: when it was signed on the phone and when it arrived.
  const pdf = await api.get(`/api/tatico/os/${os.id}/relatorio.pdf`);
  expect(pdf.status()).toBe(200);
  const text = pdfText(await pdf.body());
  const both = `${shown(done.concluida_em)} (no aparelho; recebido em ${shown(done.selo.selada_em)})`;
  expect(text).toContain(`Assinado em ${both}`);
  expect(text).toContain(`Conclusão: \n${both}`);
});
