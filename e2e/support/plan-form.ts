import type { Locator, Page } from '@playwright/test';

import { type Device, press } from './devices.ts';

/** What to choose and type in "Novo plano de manutenção" (the asset maintenance plan form). */
export interface PlanFormInput {
  /** Every asset of a type (the option's label, and text typed to filter it on a phone)… */
  tipo?: { option: string; typed?: string };
  /** …or one asset ("Um ativo"), its option matched by this. */
  ativo?: RegExp;
  /** The OS's service type (checklist) option. */
  checklist: string;
  /** The periodicity option: 'Mensal', 'A cada N dias', 'A cada N horas de uso', … */
  periodicidade: string;
  /** The interval typed the Brazilian way ('45', '1.000'), for "A cada N …" periodicities. */
  intervalo?: string;
  /** The first date, dd/mm/aaaa. */
  primeira: string;
  /** The duration of each OS in minutes, typed over the default. */
  duracao?: string;
}

/** Types character by character, as a person does (the app reads each keystroke). */
async function type(device: Device, field: Locator, text: string): Promise<void> {
  await press(device, field);
  await field.pressSequentially(text, { delay: 40 });
}

/**
 * Fills the open plan form (`form`, the dialog) with taps on a phone and clicks on a desktop,
 * typing each text as a Brazilian does. Submitting ("Criar plano") is left to the spec.
 */
export async function fillPlanForm(
  page: Page,
  device: Device,
  form: Locator,
  plan: PlanFormInput,
): Promise<void> {
  const option = (name: string | RegExp) => page.getByRole('option', { name });
  if (plan.ativo) {
    await press(device, form.getByText('Um ativo', { exact: true }));
    await press(device, form.getByRole('combobox', { name: 'Ativo' }));
    await press(device, option(plan.ativo));
  } else if (plan.tipo) {
    const tipo = form.getByRole('combobox', { name: 'Tipo de ativo' });
    // on a phone, each select's field lies where the list above it was: typing narrows it
    if (plan.tipo.typed) await type(device, tipo, plan.tipo.typed);
    else await press(device, tipo);
    await press(device, option(plan.tipo.option));
  }
  await press(device, form.getByRole('combobox', { name: 'Checklist (tipo de serviço da OS)' }));
  await press(device, option(plan.checklist));
  await press(device, form.getByRole('combobox', { name: 'Periodicidade' }));
  await press(device, option(plan.periodicidade));
  if (plan.intervalo !== undefined) {
    const every = form.getByRole('textbox', { name: /^A cada quant/ });
    await type(device, every, plan.intervalo);
  }
  await type(device, form.getByRole('textbox', { name: 'Primeira data' }), plan.primeira);
  if (plan.duracao !== undefined) {
    const duration = form.getByRole('textbox', { name: 'Duração de cada OS (minutos)' });
    await press(device, duration);
    await duration.fill('');
    await duration.pressSequentially(plan.duracao, { delay: 40 });
  }
}
