import { DEVICES, press, screenshotThemes } from './support/devices.ts';
import { expect, get, test } from './support/people.ts';

// Issue 35, point 5: on /profile a person turns on the daily e-mail digest; it is stored on
// the server (a reload and the API say so) and can be turned off again.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

// One flow per device; the screenshots of both themes are taken at the same point of it.
for (const [device, options] of DEVICES) {
  test(`a technician turns the daily e-mail digest on and off on /profile (${device})`, async ({
    people,
  }) => {
    const contract = await people.contract(`Resumo ${people.tag()}`);
    const tech = await people.person('Equipe', { contracts: [contract.id] });
    const api = await people.api(tech);
    expect(await get(api, '/api/profile/resumo-diario')).toEqual({ ativo: false });

    const page = await people.page(tech, options);
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Resumo diário por e-mail' });
    await toggle.scrollIntoViewIfNeeded();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(`Todo dia às 7h, em ${tech.email}`)).toBeVisible();

    await press(device, toggle);
    await expect(
      page.getByText('Resumo diário ligado: o primeiro chega amanhã às 7h.'),
    ).toBeVisible();
    await expect(toggle).toBeChecked();
    expect(await get(api, '/api/profile/resumo-diario')).toEqual({ ativo: true });

    // Stored on the server: a reload shows it on.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Resumo diário por e-mail' })).toBeChecked();
    const section = page.getByRole('heading', { name: 'E-mail', exact: true });
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshotThemes(page, (theme) => `${SHOTS}/email-digest-${device}-${theme}.png`);

    if (device === 'phone') {
      await press(device, page.getByRole('switch', { name: 'Resumo diário por e-mail' }));
      await expect(page.getByText('Resumo diário desligado.')).toBeVisible();
      expect(await get(api, '/api/profile/resumo-diario')).toEqual({ ativo: false });
      await page.reload();
      await expect(
        page.getByRole('switch', { name: 'Resumo diário por e-mail' }),
      ).not.toBeChecked();
    }
  });
}
