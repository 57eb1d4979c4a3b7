import { expect, get, post, test } from './support/people.ts';
import { phoneAt } from './support/devices.ts';

// On the OS page a team member finds the APR of that OS that waits for their signature and
// signs it right there ("Assinar APR", then "Li e concordo"), on a touch phone, without going
// to "Meus EPIs". What was stored is read back through the API. People, contract, service
// type, OS and APR are this spec's own.

const SITE = { latitude: -22.9056, longitude: -47.0608 };
const PHONE = phoneAt(SITE, 9);

test('a technician signs the OS’s APR from the OS page on a phone', async ({ people }) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const worker = await people.person('Equipe', { contracts: [contract.id] });
  const tag = people.tag();
  const capi = await people.api(coord);
  const tipo = await post<{ id: number }>(capi, '/api/tatico/os/tipos', {
    nome: `Limpeza de calhas ${tag}`,
    itens: [{ titulo: 'Calhas limpas', tipo: 'sim_nao' }],
  });
  const flag = await capi.put(`/api/tatico/sst/pt-tipos-servico/${tipo.id}`, {
    data: { exige_pt: 'altura' },
  });
  expect(flag.status()).toBe(204);
  const os = await post<{ id: number; codigo: string }>(capi, '/api/tatico/os', {
    contract_id: contract.id,
    service_type_id: tipo.id,
    local: `Escola ${tag}`,
    ...SITE,
    previsto_inicio: new Date(Date.now() + 3_600_000).toISOString(),
    previsto_fim: new Date(Date.now() + 4 * 3_600_000).toISOString(),
    pessoas: [worker.id],
  });
  const atividade = `Limpeza das calhas ${tag}`;
  const apr = await post<{ id: number }>(capi, '/api/tatico/sst/aprs', {
    service_order_id: os.id,
    atividade,
    etapas: [
      {
        etapa: 'Subir pela escada e ancorar',
        perigos: 'Queda de altura',
        controles: 'Cinto paraquedista ancorado',
      },
    ],
  });
  await post(capi, `/api/tatico/sst/aprs/${apr.id}/enviar`, {}, 200);

  const phone = await people.page(worker, PHONE);
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await expect(phone.getByTestId('os-codigo')).toHaveText(os.codigo);
  await phone.getByRole('button', { name: `Assinar APR ${atividade}` }).tap();
  const dialog = phone.getByRole('dialog', { name: 'Assinar APR' });
  await expect(dialog.getByText('Queda de altura', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Li e concordo' }).tap();
  await expect(dialog.getByText(/Você assinou em/)).toBeVisible();

  const signed = await get<{
    status: string;
    equipe: { id: number; assinado_em: string | null; latitude: number | null }[];
  }>(await people.api(worker), `/api/tatico/sst/aprs/${apr.id}`);
  expect(signed.status).toBe('assinada');
  expect(signed.equipe).toEqual([
    expect.objectContaining({ id: worker.id, latitude: SITE.latitude }),
  ]);
  expect(signed.equipe[0]!.assinado_em).not.toBeNull();

  // Signed: the OS page no longer asks for it.
  await dialog.getByRole('button', { name: 'Fechar' }).tap();
  await expect(phone.getByRole('button', { name: `Assinar APR ${atividade}` })).toHaveCount(0);
});
