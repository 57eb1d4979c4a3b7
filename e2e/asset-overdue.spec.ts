import { DESKTOP, screenshotThemes, useTheme } from './support/devices.ts';
import { expect, get, post, test } from './support/people.ts';
import { clearOfPlanJob } from './support/plan-job.ts';

// Issue 34, overdue preventive maintenance on screen (docs/assets.md "Overdue on the asset
// list…"): a plan's OS opened through "Gerar OSs agora" (the API) and moved to yesterday, left
// unconcluded, is late. At 1440 px the tab "Ativos" shows the red "Atrasada" badge on that asset
// only, the chip "Atrasadas" filters the list to it, and the contract's card on /eproto/contracts
// says "1 manutenção preventiva atrasada" and lands on the filtered tab. Light and dark are
// screenshots of the same flow.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

interface AssetList {
  items: { id: number; tag: string; atrasadas: number }[];
  total: number;
}

test('a late preventive shows as "Atrasada" in Ativos, in its filter and on the contract card', async ({
  people,
}) => {
  test.setTimeout(180_000);
  await clearOfPlanJob();
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const gerente = await people.person('Gerente', { contracts: [contract.id] });
  const api = await people.api(gerente);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const tag = people.tag().toUpperCase();
  const made: { id: number; tag: string }[] = [];
  for (const sala of ['301', '302']) {
    const { asset } = await post<{ asset: { id: number; tag: string } }>(
      api,
      '/api/tatico/ativos',
      {
        contract_id: contract.id,
        type_id: split.id,
        tag: `AC-${tag}-${sala}`,
        predio: 'Bloco C',
        andar: '3º andar',
        sala: `Sala ${sala}`,
      },
    );
    made.push(asset);
  }
  const [late, fine] = made as [{ id: number; tag: string }, { id: number; tag: string }];
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva de split ${people.tag()}`,
    itens: [{ titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true }],
  });
  // 20 days ahead: only today's due date of the monthly plan is opened.
  const settings = await api.put(`/api/tatico/ativos/contratos/${contract.id}/preventiva`, {
    data: { horizonte_dias: 20 },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  await post(api, '/api/tatico/ativos/planos', {
    contract_id: contract.id,
    asset_id: late.id,
    service_type_id: tipo.id,
    periodicidade: 'mensal',
    inicio: today,
  });
  const generated = await post<{ oss_abertas: number; abertas: { id: number }[] }>(
    api,
    '/api/tatico/ativos/planos/gerar',
    { contract_id: contract.id },
    200,
  );
  expect(generated.oss_abertas).toBe(1);
  // The OS was planned for yesterday and nobody did it: its due date is late now.
  const start = Date.now() - 26 * 3600_000;
  const moved = await api.patch(`/api/tatico/os/${generated.abertas[0]!.id}`, {
    data: {
      previsto_inicio: new Date(start).toISOString(),
      previsto_fim: new Date(start + 2 * 3600_000).toISOString(),
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const listed = await get<AssetList>(api, `/api/tatico/ativos?contract_id=${contract.id}`);
  expect(listed.items.map((a) => [a.tag, a.atrasadas])).toEqual([
    [late.tag, 1],
    [fine.tag, 0],
  ]);

  const page = await people.page(gerente, DESKTOP);
  await useTheme(page, 'light');
  await page.goto(`/tatico/agenda?aba=ativos&contract_id=${contract.id}`);
  const row = (t: string) => page.getByRole('row').filter({ hasText: t });
  // The tab's first load (lazy list and the overdue count) may be slow on a busy machine.
  await expect(row(late.tag).getByText('Atrasada', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(row(fine.tag)).toBeVisible();
  await expect(row(fine.tag).getByText('Atrasada', { exact: true })).toHaveCount(0);

  // The chip filters the list to the late asset, and the URL keeps it.
  await page.getByText('Atrasadas', { exact: true }).click();
  await expect(page).toHaveURL(/atrasadas=1/);
  await expect(row(fine.tag)).toHaveCount(0);
  await expect(row(late.tag).getByText('Atrasada', { exact: true })).toBeVisible();
  await screenshotThemes(page, (theme) => `${SHOTS}/assets-overdue-1440-${theme}.png`);

  // The contract's card says it in red and its link lands on the filtered tab.
  await page.goto('/eproto/contracts');
  const badge = page.locator(
    `a[href="/tatico/agenda?aba=ativos&contract_id=${contract.id}&atrasadas=1"]`,
  );
  await expect(badge).toHaveText('1 manutenção preventiva atrasada');
  await expect(badge).toHaveAttribute('data-testid', 'contract-preventive-overdue');
  await badge.scrollIntoViewIfNeeded();
  await screenshotThemes(page, (theme) => `${SHOTS}/contract-overdue-1440-${theme}.png`);
  await badge.click();
  await expect(page).toHaveURL(
    new RegExp(`/tatico/agenda\\?aba=ativos&contract_id=${contract.id}&atrasadas=1$`),
  );
  await expect(page.getByRole('checkbox', { name: 'Atrasadas' })).toBeChecked();
  await expect(row(late.tag).getByText('Atrasada', { exact: true })).toBeVisible();
  await expect(row(fine.tag)).toHaveCount(0);
});
