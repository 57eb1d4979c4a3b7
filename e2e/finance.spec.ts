import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/people.ts';
import { demand, team } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';

// The gerente, the demand and the financeiro are this spec's own; the counters are still read
// before the hand-off, since finance sees every demand sent to it.

interface Counter {
  status: string;
  total: number;
}

async function counters(request: APIRequestContext): Promise<Record<string, number>> {
  const res = await request.get('/api/eproto/financeiro/contador');
  expect(res.ok()).toBe(true);
  const list = (await res.json()) as Counter[];
  return Object.fromEntries(list.map((c) => [c.status, c.total]));
}

test('a gerente sends a demand to finance; financeiro sees it counted, opens and concludes it', async ({
  people,
}) => {
  const titulo = `Medição para faturar ${people.tag()}`;
  const t = await team(people, 'Gerente', ['Financeiro']);
  const muralId = (await demand(t, { titulo })).id;
  const gerente = await people.page(t.gestor, DESKTOP);

  // financeiro's counters before the hand-off
  const fin = await people.page(t.members[0]!, DESKTOP);
  await fin.goto('/');
  await expect(fin).toHaveURL(/\/eproto\/murals$/);
  const before = await counters(fin.request);

  await gerente.goto(`/eproto/murals/${muralId}`);
  await gerente.getByRole('button', { name: 'Enviar ao financeiro' }).click();
  await gerente.getByLabel('Observação para o financeiro').fill('Pode faturar a medição.');
  await gerente.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(gerente.getByText(`"${titulo}" foi enviada ao financeiro.`)).toBeVisible();
  const section = gerente.getByLabel('Financeiro', { exact: true });
  await expect(section.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(gerente.getByRole('button', { name: 'Enviar ao financeiro' })).toHaveCount(0);

  // financeiro: the Financeiro tab counts it, opening marks it viewed, Concluir ends it.
  await fin.reload();
  await expect(fin.getByRole('tab', { name: /Financeiro/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    fin.getByRole('button', { name: `Enviado: ${(before.enviado ?? 0) + 1}` }),
  ).toBeVisible();
  await fin.getByRole('button', { name: `Abrir ${titulo}` }).click();
  const drawer = fin.getByRole('dialog');
  await expect(drawer.getByText('Pode faturar a medição.')).toBeVisible();
  await expect(drawer.getByText(new RegExp(`${t.gestor.nome} · `))).toBeVisible();
  await expect(drawer.getByText('Visualizado', { exact: true })).toBeVisible();
  await expect(
    fin.getByRole('button', { name: `Visualizado: ${(before.visualizado ?? 0) + 1}` }),
  ).toBeVisible();

  await drawer.getByRole('button', { name: 'Concluir' }).click();
  await expect(fin.getByText(`"${titulo}" foi concluída pelo financeiro.`)).toBeVisible();
  await expect(drawer.getByText('Concluído', { exact: true })).toBeVisible();
  await expect(
    fin.getByRole('button', { name: `Concluído: ${(before.concluido ?? 0) + 1}` }),
  ).toBeVisible();
  await expect(fin.getByRole('button', { name: `Enviado: ${before.enviado ?? 0}` })).toBeVisible();

  // The gerente's demand page shows the whole trail.
  await gerente.reload();
  await expect(section.getByText('Concluído', { exact: true })).toBeVisible();
  await expect(section.getByText(new RegExp(`${t.gestor.nome} · `)).first()).toBeVisible();
});
