import { expect, post, test } from './support/people.ts';
import { demand, inspectionOs, team } from './support/work.ts';
import { PHONE } from './support/devices.ts';

// Phone layout details seen at 390 px: the top bar stays opaque over scrolled content in both
// themes, and in a conversation a long author name ends in "…" while "(você)" and the time
// stay whole. Each test uses people and data of its own.

test('on a phone the top bar is opaque over scrolled content in both themes', async ({
  people,
}) => {
  const tecnico = await people.person('Equipe');
  const phone = await people.page(tecnico, PHONE);
  await phone.goto('/eproto/murals');
  await expect(phone.getByRole('heading', { name: 'Demandas' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await phone.evaluate((t) => localStorage.setItem('eproto-theme', t), theme);
    await phone.reload();
    await expect(phone.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const style = await phone
      .locator('header')
      .first()
      .evaluate((el) => {
        const cs = getComputedStyle(el);
        return { bg: cs.backgroundColor, filter: cs.backdropFilter };
      });
    // rgb(...) has no alpha; the old rgba(..., 0.85) let the page show through the bar.
    expect(style.bg, theme).toMatch(/^rgb\(/);
    expect(style.filter, theme).toBe('none');
  }
});

test('in a conversation on a phone a long name ends in "…" and "(você)" is never cut', async ({
  people,
}) => {
  const contract = await people.contract();
  const tag = people.tag();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', {
    nome: `Maria Aparecida dos Santos Figueiredo ${tag}`,
    contracts: [contract.id],
  });
  const api = await people.api(coord);
  const os = await inspectionOs(api, tag, {
    contract_id: contract.id,
    local: `Subestação norte ${tag}`,
    pessoas: [tecnico.id],
  });
  await post(await people.api(tecnico), `/api/tatico/os/${os.id}/messages`, {
    texto: 'Cheguei e o portão estava trancado.',
    mentions: [],
  });

  const phone = await people.page(tecnico, PHONE);
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await phone.getByRole('tab', { name: 'Conversa' }).tap();
  const log = phone.getByRole('log', { name: 'Mensagens' });
  await expect(log.getByText('Cheguei e o portão estava trancado.')).toBeVisible();

  const you = log.getByText('(você)', { exact: true });
  const time = log.getByText(/há |agora/).first();
  await expect(you).toBeVisible();
  const youBox = (await you.boundingBox())!;
  const timeBox = (await time.boundingBox())!;
  expect(youBox.x + youBox.width).toBeLessThanOrEqual(timeBox.x);
  const name = log.getByTitle(tecnico.nome);
  const nameBox = (await name.boundingBox())!;
  expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(youBox.x);
  // The name is cut with "…", not wrapped over the message.
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test('on a phone the chosen chat switch segment is highlighted across its whole half', async ({
  people,
}) => {
  const tecnico = await people.person('Equipe');
  const phone = await people.page(tecnico, PHONE);
  await phone.goto('/operacional/chat');
  const chosen = phone.locator('.mantine-SegmentedControl-label').filter({ hasText: 'Conversas' });
  await expect(chosen).toBeVisible();
  const highlight = phone.locator('.mantine-SegmentedControl-indicator');
  // The 44 px touch rule made each label only as wide as its word, and the highlight with it.
  await expect(async () => {
    const [label, box] = [(await chosen.boundingBox())!, (await highlight.boundingBox())!];
    expect(Math.round(box.width)).toBe(Math.round(label.width));
    expect(label.width).toBeGreaterThan(150);
  }).toPass();
});

test('on a phone the demand page\'s "Editar" and "Enviar ao financeiro" share the row', async ({
  people,
}) => {
  const t = await team(people, 'Coordenador');
  const mural = await demand(t, { titulo: `Troca de luminárias do galpão ${people.tag()}` });
  const phone = await people.page(t.gestor, PHONE);
  await phone.goto(`/eproto/murals/${mural.id}`);
  const edit = phone.getByRole('button', { name: 'Editar' });
  const send = phone.getByRole('button', { name: 'Enviar ao financeiro' });
  await expect(send).toBeVisible();
  const stage = (await phone.getByRole('combobox', { name: 'Etapa' }).boundingBox())!;
  const a = (await edit.boundingBox())!;
  const b = (await send.boundingBox())!;
  // One line, from the left edge of the content (under the stage) to its right edge: no gap
  // at the left as when they sat right-aligned.
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  expect(Math.abs(a.x - stage.x)).toBeLessThan(1);
  expect(Math.abs(b.x + b.width - (stage.x + stage.width))).toBeLessThan(1);
  await send.tap();
  await expect(phone.getByRole('dialog', { name: 'Enviar ao financeiro' })).toBeVisible();
});

test('on a phone the calendar\'s "Hoje" is whole beside a long period', async ({ people }) => {
  const tecnico = await people.person('Equipe');
  const phone = await people.page(tecnico, PHONE);
  await phone.goto('/eproto/calendar');
  const today = phone.getByRole('button', { name: 'Hoje' });
  await expect(today).toBeVisible();
  // Squeezed by the period beside it, the label was cut to "Hoj".
  const cut = await today.evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label')!;
    return label.scrollWidth > label.clientWidth;
  });
  expect(cut).toBe(false);
});

test('on a phone the far check-in asks a reason with its action whole ("Fazer check-in")', async ({
  people,
}) => {
  const contract = await people.contract();
  const tag = people.tag();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const tecnico = await people.person('Equipe', { contracts: [contract.id] });
  const api = await people.api(coord);
  const os = await inspectionOs(api, tag, {
    contract_id: contract.id,
    local: `Subestação sul ${tag}`,
    latitude: -23.5613,
    longitude: -46.6565,
    startsIn: -3600_000,
    hours: 4,
    pessoas: [tecnico.id],
  });
  // The phone is about 84 km away from the site.
  const phone = await people.page(tecnico, {
    ...PHONE,
    permissions: ['geolocation'],
    geolocation: { latitude: -22.9, longitude: -47.06, accuracy: 10 },
  });
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await phone.getByRole('button', { name: 'Cheguei' }).tap();
  const dialog = phone.getByRole('dialog', { name: 'Check-in longe do local' });
  const action = dialog.getByRole('button', { name: 'Fazer check-in' });
  await expect(action).toBeVisible();
  const cut = await action.evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label')!;
    return label.scrollWidth > label.clientWidth;
  });
  expect(cut).toBe(false);
  await dialog.getByRole('textbox', { name: 'Motivo' }).pressSequentially('Portaria fechada');
  await action.tap();
  await expect(dialog).toBeHidden();
  await expect(phone.getByTestId('os-status')).toHaveText('Em execução');
});

test('on a phone an OS that is not the technician\'s says so with the way back, not "Tentar novamente"', async ({
  people,
}) => {
  const contract = await people.contract();
  const tag = people.tag();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const colega = await people.person('Equipe', { contracts: [contract.id] });
  const outsider = await people.person('Equipe');
  const api = await people.api(coord);
  const os = await inspectionOs(api, tag, {
    contract_id: contract.id,
    local: `Subestação leste ${tag}`,
    pessoas: [colega.id],
  });
  const phone = await people.page(outsider, PHONE);
  await phone.goto(`/tatico/agenda/os/${os.id}`);
  await expect(phone.getByText('OS não encontrada.')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await phone.getByRole('link', { name: 'Minha agenda' }).tap();
  await expect(phone).toHaveURL(/\/tatico\/agenda$/);
  await expect(phone.getByRole('heading', { name: 'Minha agenda' })).toBeVisible();
});
