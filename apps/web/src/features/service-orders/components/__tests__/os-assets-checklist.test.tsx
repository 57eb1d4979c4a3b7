import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { OsAssets, OsDetail, OsTemplateItem } from '@eproto/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { OutboxItem } from '../../../../lib/offline/outbox-types.ts';
import { jsonResponse, renderUi } from '../../../../test/render.tsx';
import { NO_PENDING, type OsPendingView } from '../../api/os-pending-view.ts';
import { OsPendingContext } from '../../api/use-os-with-pending.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { OsChecklistTab } from '../os-checklist-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(jsonResponse({ id: 9, nome: 'Ana Souza', type: 'equipe' }));
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const item = (
  id: number,
  tipo: OsTemplateItem['tipo'],
  titulo: string,
  patch: Partial<OsTemplateItem> = {},
): OsTemplateItem => ({
  id,
  ordem: id,
  titulo,
  tipo,
  obrigatorio: true,
  ajuda: null,
  unidade: null,
  minimo: null,
  maximo: null,
  opcoes: [],
  fotos_minimas: tipo === 'foto' ? 1 : null,
  ...patch,
});
const entry = (i: OsTemplateItem) => ({ item: i, resposta: null, fotos: 0, respondido: false });
const OS = osFixture({
  status: 'em_execucao',
  check_in_em: '2026-11-26T11:05:00.000Z',
  ativos: 2,
  checklist: [
    entry(item(1, 'numero', 'Temperatura', { unidade: '°C', minimo: 0, maximo: 90 })),
    entry(item(2, 'sim_nao', 'Filtro limpo')),
    entry(item(3, 'foto', 'Foto do equipamento')),
  ],
  pendencias: ['AC-C3-302: Filtro limpo', 'AC-C3-303: Temperatura', 'AC-C3-303: Filtro limpo'],
});
const ASSETS: OsAssets = {
  ativos: [
    {
      id: 7,
      tag: 'AC-C3-302',
      tipo: 'Ar-condicionado split',
      local: 'Bloco C · 3º andar · Sala 302',
      respostas: [
        {
          item_id: 1,
          valor_sim_nao: null,
          valor_numero: 45.5,
          valor_texto: null,
          valor_opcoes: null,
          valor_data: null,
          observacao: null,
          respondido_em: '2026-11-26T12:00:00.000Z',
          device_time: '2026-11-26T12:00:00.000Z',
        },
      ],
      faltando: ['Filtro limpo'],
      horimetro: null,
    },
    {
      id: 8,
      tag: 'AC-C3-303',
      tipo: 'Ar-condicionado split',
      local: 'Bloco C · 3º andar · Sala 303',
      respostas: [],
      faltando: ['Temperatura', 'Filtro limpo'],
      horimetro: null,
    },
  ],
  pode_editar: false,
};

function show(os: OsDetail, pending: OsPendingView = NO_PENDING, editable = true) {
  return renderUi(
    <OsPendingContext.Provider value={pending}>
      <OsChecklistTab
        os={os}
        editable={editable}
        assets={{ data: ASSETS, error: null, retry: () => undefined }}
      />
    </OsPendingContext.Provider>,
  );
}
const section = (tag: string) =>
  screen.getAllByTestId('os-asset').find((s) => s.getAttribute('data-asset') === tag)!;

describe('the checklist of an OS that serves assets', () => {
  it('one section per asset with tag, type, site and what is answered and missing; photos stay the OS’s', async () => {
    show(OS);
    expect(await screen.findAllByTestId('os-asset', {}, { timeout: 20_000 })).toHaveLength(2);
    const first = section('AC-C3-302');
    expect(first?.textContent).toContain('Ar-condicionado split · Bloco C · 3º andar · Sala 302');
    expect(first?.textContent).toContain('1 de 2 itens respondidos');
    expect(first?.textContent).toContain('Falta 1');
    expect(section('AC-C3-303')?.textContent).toContain('Faltam 2');
    expect(screen.getByText('0 de 2 completos')).toBeTruthy();
    // The first asset missing something is open, with its own answers.
    const temp = within(first).getByRole('textbox', { name: 'Temperatura' });
    expect((temp as HTMLInputElement).value).toBe('45,5');
    expect(within(first).getByTestId('os-asset-missing')?.textContent).toContain(
      'Faltam: Filtro limpo.',
    );
    // The photo item is answered once, for the OS, below the assets.
    expect(screen.getByText('Fotos do serviço')).toBeTruthy();
    expect(within(first).queryByText('Foto do equipamento')).toBeNull();
  });

  it('a conclusion the server refused shows its reason at the asset it names, opened', async () => {
    const refused = {
      key: 'k1',
      meta: { osId: OS.id, tipo: 'concluir' },
      state: 'attention',
      refusal: {
        status: 400,
        message:
          'Faltam itens obrigatórios do checklist: AC-C3-303: Temperatura; AC-C3-303: Filtro limpo.',
      },
    } as unknown as OutboxItem;
    show(OS, { ...NO_PENDING, attention: [refused] });
    await screen.findAllByTestId('os-asset', {}, { timeout: 20_000 });
    const alert = within(section('AC-C3-303')).getByTestId('os-asset-refusal');
    expect(alert?.textContent).toContain('A conclusão foi recusada por este ativo');
    expect(alert?.textContent).toContain('Temperatura');
    expect(alert?.textContent).toContain('Filtro limpo');
    expect(within(section('AC-C3-302')).queryByTestId('os-asset-refusal')).toBeNull();
    // The opened section's answers render after its header: wait for them.
    expect(
      await within(section('AC-C3-303')).findByRole(
        'textbox',
        { name: 'Temperatura' },
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
  });

  it('before the check-in the answers are locked and say why', async () => {
    show({ ...OS, status: 'aberta', check_in_em: null });
    await screen.findAllByTestId('os-asset', {}, { timeout: 20_000 });
    const first = section('AC-C3-302');
    expect(
      within(first).getByRole<HTMLInputElement>('textbox', { name: 'Temperatura' }).disabled,
    ).toBe(true);
    expect(within(first).getAllByTestId('checklist-locked-reason')[0]?.textContent).toContain(
      'Disponível depois do check-in.',
    );
  });

  it('sealed (not editable): read-only, nothing missing is nagged', async () => {
    show({ ...OS, status: 'concluida', selada: true }, NO_PENDING, false);
    await screen.findAllByTestId('os-asset', {}, { timeout: 20_000 });
    const first = section('AC-C3-302');
    expect(
      within(first).getByRole<HTMLInputElement>('textbox', { name: 'Temperatura' }).disabled,
    ).toBe(true);
    expect(within(first).queryByTestId('os-asset-missing')).toBeNull();
  });

  it('an answer of this asset waiting for the signal is marked on this asset only', async () => {
    show(OS, { ...NO_PENDING, assetAnswers: new Set(['7:1']) });
    await screen.findAllByTestId('os-asset', {}, { timeout: 20_000 });
    const card = within(section('AC-C3-302'))
      .getAllByTestId('checklist-item')
      .find((c) => c.getAttribute('data-item') === '1')!;
    expect(card?.textContent).toContain('aguardando conexão');
  });
});
