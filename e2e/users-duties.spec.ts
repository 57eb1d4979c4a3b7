import { DEVICES, press, screenshotThemes } from './support/devices.ts';
import { expect, test } from './support/people.ts';

// Separation of duties on /users (issue 38): an administrador sees the edit and deactivation of
// a diretoria or CFO account disabled, with the reason, and the server refuses them too; an
// equipe account stays fully manageable.

const REASON =
  'Somente a TI ou a diretoria podem editar, desativar ou reativar contas de TI, diretoria e diretor financeiro (CFO).';
const SHOTS = process.env.PW_OUTPUT ?? 'test-results';

// One flow per device; the screenshots of both themes are taken with the menu open.
for (const [device, options] of DEVICES) {
  test(`administrador on ${device}: a CFO's actions are disabled with the reason`, async ({
    people,
  }) => {
    const admin = await people.person('Administrador');
    const cfo = await people.person('CFO');
    const equipe = await people.person('Equipe');
    const page = await people.page(admin, options);
    const open = async (nome: string) => {
      await page.goto(`/users?busca=${encodeURIComponent(nome)}`);
      await press(device, page.getByRole('button', { name: `Ações para ${nome}` }).first());
    };

    await open(cfo.nome);
    const edit = page.getByRole('menuitem', { name: 'Editar nome e papel' });
    const off = page.getByRole('menuitem', { name: 'Desativar' });
    await expect(edit).toBeDisabled();
    await expect(off).toBeDisabled();
    await expect(page.getByText(REASON)).toBeVisible();
    await expect(off).toHaveAccessibleDescription(REASON);
    await expect(page.getByRole('menu')).toHaveCSS('opacity', '1'); // opening transition over
    await screenshotThemes(page, (theme) => `${SHOTS}/users-duties-${device}-${theme}.png`);

    // The server says the same to a call made around the screen.
    const denied = await page.request.post(`/api/users/${cfo.id}/deactivate`, {
      headers: { 'x-requested-with': 'eproto' },
    });
    expect(denied.status()).toBe(403);
    expect((await denied.json()).error).toBe(REASON);

    await page.keyboard.press('Escape');
    await open(equipe.nome);
    await expect(page.getByRole('menuitem', { name: 'Desativar' })).toBeEnabled();
    await expect(page.getByText(REASON)).toHaveCount(0);
  });
}
