import { DESKTOP, PHONE, phoneAt, screenshotThemes, useTheme } from './support/devices.ts';
import { FAKE_CAMERA_LAUNCH, pointCameraAtFirstLabel } from './support/fake-camera.ts';
import { signConclusion } from './support/signature.ts';
import { expect, get, post, test, type People } from './support/people.ts';
import { clearOfPlanJob } from './support/plan-job.ts';

// Issue 34 end to end: a plan due soon set up through the API, gestão's "Gerar OSs agora" opens
// its preventive OS (on a 390 px touch phone; pressed again at 1440 px it opens nothing twice),
// then the technician, on a phone, scans the asset's QR label (the labels PDF fed to Chromium's
// fake camera), opens the asset, its preventive OS, answers the checklist ("45,5" key by key),
// concludes the OS, and what was stored is read back: the answers per asset, the OS concluded
// and sealed, the plan's due date done in the asset's year.

test.use({ launchOptions: FAKE_CAMERA_LAUNCH });

const SITE = { latitude: -23.5613, longitude: -46.6565 };
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

interface Occurrence {
  plano_id: number;
  vencimento: string;
  estado: string;
  os: { id: number; codigo: string; status: string } | null;
}
interface Maintenance {
  proximas: Occurrence[];
  atrasadas: Occurrence[];
  historico: { os: { id: number; status: string }; selada: boolean; respostas: number }[];
}
/** The plan's occurrences still to do: an OS opened today whose hours passed is "atrasada". */
const pending = (m: Maintenance) => [...m.proximas, ...m.atrasadas];
interface OsAssets {
  ativos: {
    id: number;
    tag: string;
    respostas: { item_id: number; valor_numero: number | null; valor_sim_nao: string | null }[];
    faltando: string[];
  }[];
}

/** A contract with a split unit, its preventive checklist and a monthly plan due today. */
async function world(people: People) {
  const contract = await people.contract(`Hospital ${people.tag()}`);
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const types = await get<{ items: { id: number; nome: string }[] }>(
    api,
    '/api/tatico/ativos/tipos',
  );
  const split = types.items.find((x) => x.nome === 'Ar-condicionado split')!;
  const { asset } = await post<{ asset: { id: number; tag: string } }>(api, '/api/tatico/ativos', {
    contract_id: contract.id,
    type_id: split.id,
    tag: `AC-${people.tag()}`.toUpperCase(),
    predio: 'Bloco C',
    andar: '3º andar',
    sala: 'Sala 301',
  });
  const tipo = await post<{ id: number; itens: { id: number }[] }>(api, '/api/tatico/os/tipos', {
    nome: `Preventiva mensal de split ${people.tag()}`,
    itens: [
      {
        titulo: 'Temperatura de insuflamento',
        tipo: 'numero',
        obrigatorio: true,
        unidade: '°C',
        minimo: 0,
        maximo: 60,
      },
      { titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true },
    ],
  });
  const settings = await api.put(`/api/tatico/ativos/contratos/${contract.id}/preventiva`, {
    // 20 days: only today's due date of the monthly plan falls inside.
    data: { horizonte_dias: 20, equipe: [tecnico.id], hora_inicio: 8 },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const plan = await post<{ id: number }>(api, '/api/tatico/ativos/planos', {
    contract_id: contract.id,
    asset_id: asset.id,
    service_type_id: tipo.id,
    periodicidade: 'mensal',
    inicio: today,
  });
  return { contract, coord, tecnico, api, asset, tipo, plan, today };
}

const plansUrl = (contractId: number) =>
  `/tatico/agenda?aba=ativos&vista=planos&contract_id=${contractId}`;

test('"Gerar OSs agora" opens the preventive OS; the technician scans, answers and concludes it', async ({
  people,
}) => {
  test.setTimeout(300_000);
  await clearOfPlanJob();
  const w = await world(people);
  const [temp, filtro] = w.tipo.itens as [{ id: number }, { id: number }];
  const maintenance = () => get<Maintenance>(w.api, `/api/tatico/ativos/${w.asset.id}/preventiva`);
  expect(pending(await maintenance()).filter((o) => o.os !== null)).toEqual([]);

  // Gestão on a touch phone: "Gerar OSs agora" opens the OS of the plan due today.
  const office = await people.page(w.coord, PHONE);
  await useTheme(office, 'light');
  await office.goto(plansUrl(w.contract.id));
  await expect(office.getByTestId('plan-row')).toContainText('Mensal');
  const answered = office.waitForResponse((r) =>
    r.url().endsWith('/api/tatico/ativos/planos/gerar'),
  );
  await office.getByRole('button', { name: 'Gerar OSs agora' }).tap();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  const opened = office.getByText(
    /^1 OS preventiva aberta agora \(1 manutenção até \d\d\/\d\d\/\d{4}\): OS-\d{4}-\d+\.$/,
  );
  await expect(opened).toBeVisible();
  expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await screenshotThemes(office, (theme) => `${SHOTS}/generate-now-390-${theme}.png`);
  const due = pending(await maintenance()).find((o) => o.plano_id === w.plan.id)!;
  expect(due.os).not.toBeNull();
  expect(await opened.textContent()).toContain(due.os!.codigo);
  await office.context().close();

  // Pressed again at 1440 px: nothing opens twice, and the notification says so.
  const desk = await people.page(w.coord, DESKTOP);
  await useTheme(desk, 'light');
  await desk.goto(plansUrl(w.contract.id));
  await expect(desk.getByTestId('plan-row')).toContainText('Mensal');
  await desk.getByRole('button', { name: 'Gerar OSs agora' }).click();
  await expect(
    desk.getByText(/^Nenhuma OS nova: a OS das manutenções até \d\d\/\d\d\/\d{4} já existia\.$/),
  ).toBeVisible();
  await screenshotThemes(desk, (theme) => `${SHOTS}/generate-now-1440-${theme}.png`);
  await desk.context().close();
  const again = await maintenance();
  expect(pending(again).filter((o) => o.plano_id === w.plan.id)).toHaveLength(1);
  expect(again.historico.map((h) => h.os.id)).toEqual([due.os!.id]);

  // The technician points the phone's camera at the asset's label.
  const labels = await w.api.get(`/api/tatico/ativos/etiquetas?ids=${w.asset.id}`);
  expect(labels.status()).toBe(200);
  pointCameraAtFirstLabel(Buffer.from(await labels.body()));
  const phone = await people.page(w.tecnico, {
    ...phoneAt(SITE, 10),
    permissions: ['geolocation', 'camera'],
  });
  await useTheme(phone, 'light');
  await phone.goto('/tatico/agenda');
  await phone.getByRole('button', { name: 'Ler etiqueta' }).tap();
  await expect(phone).toHaveURL(new RegExp(`/tatico/agenda/ativos/${w.asset.id}$`), {
    timeout: 20_000,
  });
  await expect(phone.getByRole('heading', { name: w.asset.tag, level: 1 })).toBeVisible();
  const open = phone.getByTestId('asset-open-orders');
  await expect(open.getByRole('heading')).toHaveText('OSs abertas (1)');
  await open.getByRole('link', { name: `Abrir ${due.os!.codigo}` }).tap();
  await expect(phone).toHaveURL(new RegExp(`/tatico/agenda/os/${due.os!.id}$`));
  await expect(phone.getByTestId('os-codigo')).toHaveText(due.os!.codigo);

  // Check-in, then the asset's checklist: "45,5" key by key and "Sim".
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
  const section = phone.locator(`[data-testid="os-asset"][data-asset="${w.asset.tag}"]`);
  await expect(section).toContainText('Faltam 2');
  const item = (id: number) => section.locator(`[data-testid="checklist-item"][data-item="${id}"]`);
  const tempField = item(temp.id).getByRole('textbox');
  await expect(tempField).toBeEnabled();
  await tempField.tap();
  await tempField.pressSequentially('45,5', { delay: 120 });
  await item(temp.id).getByText('Temperatura de insuflamento').tap();
  await item(filtro.id).getByRole('radio', { name: 'Sim' }).tap();
  await expect(section).toContainText('Completo');
  await expect(phone.getByRole('tab', { name: 'Checklist 1/1 ativos' })).toBeVisible();

  // Concluded with the customer's signature.
  await phone.getByRole('button', { name: 'Concluir' }).tap();
  const dialog = phone.getByRole('dialog', { name: `Concluir ${due.os!.codigo}` });
  await signConclusion(phone, dialog);
  await expect(phone.getByTestId('os-status')).toHaveText('Concluída');
  await screenshotThemes(phone, (theme) => `${SHOTS}/preventive-concluded-390-${theme}.png`, {
    fullPage: true,
  });

  // What was stored: the answers of this asset, the OS concluded and sealed, the due date done.
  const answers = await get<OsAssets>(w.api, `/api/tatico/os/${due.os!.id}/ativos`);
  expect(
    answers.ativos.map((a) => [
      a.id,
      a.respostas.map((r) => [r.item_id, r.valor_numero ?? r.valor_sim_nao]),
      a.faltando,
    ]),
  ).toEqual([
    [
      w.asset.id,
      [
        [temp.id, 45.5],
        [filtro.id, 'sim'],
      ],
      [],
    ],
  ]);
  const os = await get<{ status: string; selada: boolean }>(w.api, `/api/tatico/os/${due.os!.id}`);
  expect(os).toMatchObject({ status: 'concluida', selada: true });
  const after = await maintenance();
  expect(after.proximas.filter((o) => o.plano_id === w.plan.id && o.os !== null)).toEqual([]);
  expect(after.atrasadas).toEqual([]);
  expect(after.historico).toEqual([
    expect.objectContaining({
      os: expect.objectContaining({ id: due.os!.id, status: 'concluida' }),
      selada: true,
      respostas: 2,
    }),
  ]);
  const year = await get<{ atividades: { plano_id: number; meses: string[] }[] }>(
    w.api,
    `/api/tatico/ativos/${w.asset.id}/ano?ano=${due.vencimento.slice(0, 4)}`,
  );
  const month = Number(due.vencimento.slice(5, 7)) - 1;
  expect(year.atividades.find((a) => a.plano_id === w.plan.id)!.meses[month]).toBe('feito');
});
