import type { Page } from '@playwright/test';
import { expect, test } from './support/people.ts';
import { dayFromToday, demand, team } from './support/work.ts';
import { DESKTOP } from './support/devices.ts';

// Each test asks as a person of its own, about demands of its own.

const answers = (page: Page) => page.getByRole('region', { name: 'Assistente' });

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Pergunta ao assistente' });
  await box.fill(question);
  await box.press('Enter');
}

test('the logo opens the assistant; offline mode answers late demands with links', async ({
  people,
}) => {
  const t = await team(people, 'Gerente');
  const late = await demand(t, {
    titulo: `Poda de árvores na rede ${people.tag()}`,
    fim_previsto: dayFromToday(-3),
  });
  await demand(t, { titulo: `Inspeção futura ${people.tag()}`, fim_previsto: dayFromToday(10) });
  const page = await people.page(t.gestor, DESKTOP);
  await page.goto('/');
  await page.getByRole('link', { name: 'E-Proto — Assistente' }).click();
  await expect(page).toHaveURL(/\/ai\/assistente$/);
  await expect(page.getByText('modo offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Como posso ajudar?' })).toBeVisible();

  await ask(page, 'quais demandas estão atrasadas?');
  const thread = answers(page);
  await expect(thread.getByText(/1 demanda atrasada/).first()).toBeVisible();
  const links = thread.getByRole('listitem').getByRole('link', { name: /^#\d+ / });
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAccessibleName(`#${late.id} ${late.titulo}`);
  await expect(thread.getByText('Itens usados')).toBeVisible();
  await expect(page).toHaveURL(/\/ai\/assistente\?c=\d+$/);

  // The conversation is kept: it is listed and survives a reload.
  const conversations = page.getByRole('navigation', { name: 'Conversas com o assistente' });
  await expect(conversations.getByText('quais demandas estão atrasadas?')).toBeVisible();
  await page.reload();
  await expect(
    answers(page)
      .getByText(/1 demanda atrasada/)
      .first(),
  ).toBeVisible();

  // A linked item opens the demand.
  const first = answers(page)
    .getByRole('listitem')
    .getByRole('link', { name: /^#\d+ / })
    .first();
  const href = await first.getAttribute('href');
  expect(href).toBe(`/eproto/murals/${late.id}`);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('example questions, rename and delete of a conversation', async ({ people }) => {
  const coord = await people.person('Coordenador');
  const page = await people.page(coord, DESKTOP);
  await page.goto('/ai/assistente');
  await page.getByRole('button', { name: 'O que tenho para hoje?' }).click();
  await expect(answers(page).getByText(/ · modo offline$/)).toBeVisible();

  const conversations = page.getByRole('navigation', { name: 'Conversas com o assistente' });
  await conversations
    .getByRole('button', { name: /Opções da conversa O que tenho para hoje/ })
    .click();
  await page.getByRole('menuitem', { name: 'Renomear' }).click();
  const name = page.getByRole('textbox', { name: 'Nome da conversa' });
  await name.fill('Meu dia');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(conversations.getByText('Meu dia')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meu dia' })).toBeVisible();

  await conversations.getByRole('button', { name: 'Opções da conversa Meu dia' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(conversations.getByText('Meu dia')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Como posso ajudar?' })).toBeVisible();
});

test('on a phone the conversations open in a drawer', async ({ people }) => {
  const equipe = await people.person('Equipe');
  const page = await people.page(equipe, { viewport: { width: 390, height: 844 } });
  await page.goto('/ai/assistente');
  await ask(page, 'Revisões pendentes');
  await expect(answers(page).getByText('Seu perfil não revisa tarefas')).toBeVisible();
  await page.getByRole('button', { name: 'Abrir conversas' }).click();
  // the conversation just started is listed, and marked current
  await expect(
    page.getByRole('dialog').locator('[aria-current="page"]', { hasText: 'Revisões pendentes' }),
  ).toBeVisible();
});
