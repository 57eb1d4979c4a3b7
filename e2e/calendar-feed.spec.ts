import { addDaysTo, startOfDayInZone, todayIn } from '@eproto/domain';

import { DESKTOP, type Device, PHONE, press, shot, useTheme } from './support/devices.ts';
import { expect, post, test } from './support/people.ts';

// Issue 35, point 4: on /profile a person makes a secret calendar link, copies it, a calendar
// app (here a request without any session) reads their agenda from it, and the link is revoked.

const TZ = 'America/Sao_Paulo';
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';
const at = (day: string, h: number) =>
  new Date(startOfDayInZone(day, TZ).getTime() + h * 3_600_000).toISOString();

const CASES: Array<{ device: Device; theme: 'light' | 'dark' }> = [
  { device: 'phone', theme: 'light' },
  { device: 'desktop', theme: 'dark' },
];

for (const { device, theme } of CASES) {
  test(`equipe subscribes to its agenda from /profile and revokes it (${device}, ${theme})`, async ({
    people,
    playwright,
    baseURL,
  }) => {
    const contract = await people.contract(`Subestações ${people.tag()}`);
    const coord = await people.person('Coordenador', { contracts: [contract.id] });
    const tech = await people.person('Equipe', { contracts: [contract.id] });
    const day = addDaysTo(todayIn(TZ), 1);
    await post(await people.api(coord), '/api/tatico/agenda', {
      inicio: at(day, 8),
      fim: at(day, 12),
      local: 'Subestação Leste, Av. Paulista 1000',
      contract_id: contract.id,
      pessoas: [tech.id],
      descricao: 'Inspeção termográfica dos painéis',
    });

    const options = device === 'phone' ? PHONE : DESKTOP;
    const page = await people.page(tech, {
      ...options,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await useTheme(page, theme);
    await page.goto('/profile');
    const section = page.getByRole('heading', { name: 'Calendário' });
    await section.scrollIntoViewIfNeeded();
    await expect(page.getByText('Nenhum link ativo')).toBeVisible();

    await press(device, page.getByRole('button', { name: 'Gerar link' }));
    const field = page.getByRole('textbox', { name: 'Link do calendário' });
    await expect(field).toHaveValue(/\/api\/public\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    const url = await field.inputValue();
    await press(device, page.getByRole('button', { name: 'Copiar' }));
    await expect(page.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, { path: `${SHOTS}/calendar-feed-${device}-${theme}.png` });

    // A calendar app: no cookie, no header of the SPA.
    const app = await playwright.request.newContext({ baseURL });
    const feed = await app.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`LOCATION:Subestação Leste\\, Av. Paulista 1000`);
    expect(ics).toContain(`DTSTART;TZID=America/Sao_Paulo:${day.replaceAll('-', '')}T080000`);

    // After a reload the link is not shown again; the status says it was read.
    await page.reload();
    await expect(page.getByText('Link ativo', { exact: true })).toBeVisible();
    await expect(page.getByText(/lido pela última vez/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Link do calendário' })).toHaveCount(0);

    await press(device, page.getByRole('button', { name: 'Revogar' }));
    const dialog = page.getByRole('dialog', { name: 'Revogar link do calendário' });
    await press(device, dialog.getByRole('button', { name: 'Revogar' }));
    await expect(page.getByText('Nenhum link ativo')).toBeVisible();
    expect((await app.get(new URL(url).pathname)).status()).toBe(404);
    await app.dispose();
  });
}
