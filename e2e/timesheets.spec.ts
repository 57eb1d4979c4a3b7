import { TIMESHEET_LOCKED, todayIn, type TimesheetWeek } from '@eproto/domain';
import type { Page } from '@playwright/test';

import { DESKTOP, PHONE, shot, TAKE_SHOTS } from './support/devices.ts';
import { expect, get, test } from './support/people.ts';

// Issue 36 point 4: a technician types a manual entry of "1,5" hours on the phone, key by key,
// and sees the week's total; the coordinator of the contract approves the week on the desktop;
// the technician can no longer add to it. People and contract are this spec's own.

const SHOTS = process.env.PW_OUTPUT ?? '/tmp/pw-timesheets';
const TZ = 'America/Sao_Paulo';

/** Light and dark screenshots of what is on screen now (the scheme is CSS variables only). */
async function shoot(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate(
      (s) => document.documentElement.setAttribute('data-mantine-color-scheme', s),
      scheme,
    );
    await shot(page, {
      path: `${SHOTS}/${name}-${scheme}.png`,
      animations: 'disabled',
      fullPage: true,
    });
  }
}

test('hours typed as 1,5 on the phone, the week approved by the coordinator, then locked', async ({
  people,
}) => {
  test.setTimeout(180_000);
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const today = todayIn(TZ);

  // 1. The technician, on the phone, opens Equipe → Horas and types the entry.
  const phone = await people.page(tecnico, PHONE);
  await phone.goto('/eproto/gantt');
  await phone.getByRole('tab', { name: 'Horas' }).tap();
  const form = phone.getByRole('form', { name: 'Lançar horas' });
  const hours = form.getByRole('textbox', { name: /Horas/ });
  await hours.tap();
  await hours.pressSequentially('1,5', { delay: 60 });
  await expect(hours).toHaveValue('1,5');
  await form.getByRole('combobox', { name: 'Contrato' }).tap();
  await phone.getByRole('option', { name: new RegExp(contract.codigo) }).tap();
  await form.getByRole('button', { name: 'Lançar horas' }).tap();
  await expect(phone.getByTestId('total-semana')).toHaveText('1:30 h');

  // What was stored: 1,5 h = 90 minutes on today, on the contract.
  const techApi = await people.api(tecnico);
  const week = await get<TimesheetWeek>(techApi, `/api/eproto/horas/semana?semana=${today}`);
  expect(week.lancamentos).toHaveLength(1);
  expect(week.lancamentos[0]).toMatchObject({ data: today, minutos: 90, horas: 1.5 });
  expect(week.lancamentos[0]!.contrato?.id).toBe(contract.id);
  await shoot(phone, 'horas-390');

  // 2. The coordinator, on the desktop, picks the technician and approves the week.
  const office = await people.page(coord, DESKTOP);
  await office.goto('/eproto/gantt?aba=horas');
  await office.getByRole('combobox', { name: 'Pessoa' }).click();
  await office.getByRole('option', { name: new RegExp(tecnico.nome) }).click();
  await expect(office.getByRole('heading', { name: tecnico.nome })).toBeVisible();
  await expect(office.getByTestId('total-semana')).toHaveText('1:30 h');
  await office.getByRole('button', { name: 'Aprovar semana' }).click();
  await expect(office.getByTestId('status-semana')).toHaveText('Semana aprovada');
  await expect(office.getByText(`Aprovada por ${coord.nome}`)).toBeVisible();
  await shoot(office, 'horas-1440');

  // 3. The technician's week is locked: no form, the reason in Portuguese; the API refuses too.
  await phone.reload();
  await expect(phone.getByTestId('status-semana')).toHaveText('Semana aprovada');
  await expect(phone.getByText(/as horas estão travadas/)).toBeVisible();
  await expect(phone.getByRole('form', { name: 'Lançar horas' })).toHaveCount(0);
  const refused = await techApi.post('/api/eproto/horas/lancamentos', {
    data: {
      data: today,
      horas: '1',
      contract_id: contract.id,
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(TIMESHEET_LOCKED);
  await shoot(phone, 'horas-aprovada-390');
});
