import { expect, get, post, test } from './support/people.ts';
import { dayFromToday } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';

// The equipe, its coordenador, the agenda entry, the EPI and the request are this spec's own.

test('equipe on a phone sees today in Minha agenda and confirms an EPI delivery', async ({
  people,
}) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const equipe = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const tag = people.tag();
  const today = dayFromToday(0);
  const entry = await post<{ id: number }>(api, '/api/tatico/agenda', {
    inicio: `${today}T00:01:00-03:00`,
    fim: `${today}T23:59:00-03:00`,
    local: `Subestação Leste ${tag}`,
    contract_id: contract.id,
    pessoas: [equipe.id],
    descricao: 'Troca de isoladores da entrada',
  });
  await post(api, `/api/tatico/agenda/${entry.id}/status`, { status: 'em_execucao' }, 200);
  const item = await post<{ id: number; nome: string }>(api, '/api/tatico/epi/itens', {
    nome: `Luva isolante ${tag}`,
    ca_numero: '12345',
    ca_validade: dayFromToday(365),
    tamanho: 'M',
    vida_util_dias: 180,
    estoque_inicial: 5,
  });
  await post(api, '/api/tatico/epi/entregas', {
    colaborador_id: equipe.id,
    item_id: item.id,
    data: today,
    quantidade: 1,
    motivo: 'admissao',
  });

  const page = await people.page(equipe, { viewport: { width: 390, height: 844 } });
  await page.goto('/tatico/agenda');
  await expect(page.getByRole('heading', { name: 'Minha agenda' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Hoje, \d{2}\/\d{2}$/ })).toBeVisible();
  const entries = page.getByTestId('minha-agenda-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Em execução' })).toContainText(`Subestação Leste ${tag}`);
  // Phone-first: nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'Meus EPIs' }).click();
  await expect(page).toHaveURL(/\/tatico\/epi$/);
  await expect(page.getByRole('heading', { name: /Confirme o recebimento \(1\)/ })).toBeVisible();
  const saved = page.waitForResponse(
    (r) => /\/api\/tatico\/epi\/entregas\/\d+\/confirmar$/.test(r.url()) && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await saved;
  await expect(page.getByText(/Recebimento de .* confirmado\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Confirme o recebimento/ })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Em uso' })).toBeVisible();
  await expect(page.getByText(item.nome)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar recebimento' })).toHaveCount(0);
});

test('a coordenador approves a request and the requester is told', async ({ people }) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const requester = await people.person('Gerente', { contracts: [contract.id] });
  const titulo = `Ar-condicionado da Base Norte ${people.tag()} parou de gelar`;
  const asRequester = await people.api(requester);
  const created = await post<{ solicitacao: { id: number } }>(asRequester, '/api/solicitacoes', {
    tipo: 'manutencao',
    descricao: titulo,
    urgencia: 'alta',
    contract_id: contract.id,
  });
  const request = created.solicitacao;
  const asCoord = await people.api(coord);
  await post(asCoord, `/api/solicitacoes/${request.id}/status`, { status: 'em_analise' }, 200);

  const page = await people.page(coord, DESKTOP);
  await page.goto('/solicitacoes');
  await page.getByRole('tab', { name: /Em análise/ }).click();
  await page.getByText(titulo).filter({ visible: true }).click();
  const drawer = page.getByRole('dialog', { name: `Solicitação #${request.id}` });
  await expect(drawer.getByText('Em análise').first()).toBeVisible();

  await drawer.getByRole('button', { name: 'Aprovar' }).click();
  const modal = page.getByRole('dialog', { name: /Aprovar a solicitação/ });
  await modal.getByLabel(/Comentário/).fill('Chamado aberto com a manutenção predial.');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/solicitacoes/${request.id}/status`) && r.status() === 200,
  );
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await saved;
  await expect(page.getByText(/foi avisado/)).toBeVisible();
  await expect(drawer.getByText('Chamado aberto com a manutenção predial.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Marcar como atendida' })).toBeVisible();

  // The requester finds the approval in their notifications.
  const notes = await get<{ items: unknown[] }>(asRequester, '/api/eproto/notifications');
  expect(JSON.stringify(notes.items)).toMatch(
    new RegExp(
      `foi aprovada por ${coord.nome}\\. Comentário: Chamado aberto com a manutenção predial\\.`,
    ),
  );
});
