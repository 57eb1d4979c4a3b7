import type { AssetDetail, AssetType } from '../packages/domain/src/index.ts';
import { expect, get, test } from './support/people.ts';
import { DEVICES, press, screenshotThemes } from './support/devices.ts';

// Issue 34, point 1: the catalogue of asset types. Gestão adds a type with its own fields (a
// number with a unit and a list of options), registers an asset of it typing the values as a
// Brazilian types them, and a type in use cannot be deleted. On a touch phone and at 1440 px,
// light and dark; what was stored is read back from the API.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

// One flow per device; the themes only change the pictures (screenshotThemes), not the flow.
for (const [device, options] of DEVICES) {
  test(`gestão edits the type catalogue and fills its fields (${device}, light and dark)`, async ({
    people,
  }) => {
    test.setTimeout(180_000);
    const contract = await people.contract(`Hospital ${people.tag()}`);
    const coord = await people.person('Coordenador', { contracts: [contract.id] });
    const api = await people.api(coord);
    const page = await people.page(coord, options);
    const nome = `Bomba ${people.tag()}`;

    await page.goto('/tatico/agenda?aba=ativos&vista=tipos');
    await press(device, page.getByRole('button', { name: 'Novo tipo' }));
    const dialog = page.getByRole('dialog', { name: 'Novo tipo de ativo' });
    const name = dialog.getByRole('textbox', { name: 'Nome', exact: true });
    await press(device, name);
    await name.pressSequentially(nome, { delay: 20 });

    await press(device, dialog.getByRole('button', { name: 'Adicionar campo' }));
    await press(device, dialog.getByRole('button', { name: 'Adicionar campo' }));
    const fields = dialog.getByTestId('type-field');
    await fields.nth(0).getByRole('textbox', { name: 'Nome do campo' }).pressSequentially('Vazão');
    await fields.nth(0).getByRole('textbox', { name: 'Unidade' }).pressSequentially('m³/h');
    await fields.nth(1).getByRole('textbox', { name: 'Nome do campo' }).pressSequentially('Tensão');
    await fields.nth(1).getByRole('textbox', { name: 'Unidade' }).pressSequentially('V');
    await press(device, fields.nth(1).getByRole('combobox', { name: 'Tipo do campo' }));
    await press(device, page.getByRole('option', { name: 'Lista de opções' }));
    const opcoes = fields.nth(1).getByLabel('Opções');
    await press(device, opcoes);
    await opcoes.pressSequentially('220');
    await opcoes.press('Enter');
    // Only one option: the form says why before anything is sent.
    await press(device, dialog.getByRole('button', { name: 'Cadastrar' }));
    await expect(dialog).toContainText('O campo Tensão é uma lista: informe pelo menos 2 opções.');
    await opcoes.pressSequentially('380');
    await opcoes.press('Enter');
    await screenshotThemes(page, (theme) => `${SHOTS}/asset-type-form-${device}-${theme}.png`);
    await press(device, dialog.getByRole('button', { name: 'Cadastrar' }));
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('asset-type-row').filter({ hasText: nome });
    await expect(row.first()).toContainText('Vazão');
    await screenshotThemes(page, (theme) => `${SHOTS}/asset-types-${device}-${theme}.png`, {
      fullPage: true,
    });

    const types = await get<{ items: AssetType[] }>(api, '/api/tatico/ativos/tipos');
    const tipo = types.items.find((t) => t.nome === nome)!;
    expect(tipo.campos).toEqual([
      { chave: 'c1', nome: 'Vazão', unidade: 'm³/h', tipo: 'numero', opcoes: [] },
      { chave: 'c2', nome: 'Tensão', unidade: 'V', tipo: 'opcao', opcoes: ['220', '380'] },
    ]);

    // The asset form asks for the type's fields; "12,5" typed key by key is 12.5. On the
    // phone "Tipo" lies where "Contrato"'s list was, so its tap lands on the spot of the option
    // tap: the page must take it as a tap on the field (lib/double-tap-focus.ts).
    await page.goto('/tatico/agenda?aba=ativos');
    await press(device, page.getByRole('button', { name: 'Novo ativo' }));
    const form = page.getByRole('dialog', { name: 'Novo ativo' });
    await press(device, form.getByRole('combobox', { name: 'Contrato' }));
    await press(device, page.getByRole('option', { name: new RegExp(contract.codigo) }));
    const typeBox = form.getByRole('combobox', { name: 'Tipo', exact: true });
    await press(device, typeBox);
    await typeBox.pressSequentially(nome);
    await expect(typeBox).toHaveValue(nome);
    await press(device, page.getByRole('option', { name: nome }));
    const tag = form.getByRole('textbox', { name: 'Tag' });
    await press(device, tag);
    await tag.pressSequentially('bp-01');
    const vazao = form.getByRole('textbox', { name: 'Vazão (m³/h)' });
    await press(device, vazao);
    await vazao.pressSequentially('12,5', { delay: 40 });
    await press(device, form.getByRole('combobox', { name: 'Tensão (V)' }));
    await press(device, page.getByRole('option', { name: '380' }));
    await screenshotThemes(
      page,
      (theme) => `${SHOTS}/asset-form-own-fields-${device}-${theme}.png`,
    );
    // Nothing wider than the phone: the page never grows sideways (the form stays whole).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      options.viewport.width,
    );
    await press(device, form.getByRole('button', { name: 'Cadastrar' }));
    // The save waits for the server: under a loaded CI machine that can pass 7 s.
    await expect(form).toBeHidden({ timeout: 15_000 });
    const list = await get<{ items: AssetDetail['asset'][] }>(
      api,
      `/api/tatico/ativos?contract_id=${contract.id}`,
    );
    expect(list.items.map((a) => [a.tag, a.tipo.id, a.campos])).toEqual([
      ['BP-01', tipo.id, { c1: 12.5, c2: '380' }],
    ]);
    await expect(page.getByRole('dialog', { name: 'Ativo BP-01' })).toContainText('12,5 m³/h');

    // In use: deleting it says why, in Portuguese, and the type stays.
    await page.goto('/tatico/agenda?aba=ativos&vista=tipos');
    await press(device, page.getByTestId('asset-type-row').filter({ hasText: nome }).first());
    const edit = page.getByRole('dialog', { name: `Editar tipo ${nome}` });
    await press(device, edit.getByRole('button', { name: 'Excluir tipo' }));
    await press(device, page.getByRole('button', { name: 'Excluir', exact: true }));
    await expect(
      page.getByText(`O tipo ${nome} está em uso por 1 ativo e não pode ser excluído.`, {
        exact: false,
      }),
    ).toBeVisible();
    const after = await get<{ items: AssetType[] }>(api, '/api/tatico/ativos/tipos');
    expect(after.items.find((t) => t.id === tipo.id)?.total_ativos).toBe(1);
  });
}
