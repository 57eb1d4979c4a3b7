import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { AprListItem, PtListItem } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../../test/render.tsx';
import { AprList } from '../apr-list.tsx';
import { PtList } from '../pt-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const APR = {
  id: 12,
  status: 'em_assinatura',
  atividade: 'Troca de telhas do galpão',
  local: null,
  os: {
    id: 5,
    codigo: 'OS-2026-000005',
    local: 'Galpão 2, cobertura',
    previsto_inicio: '2026-11-27T14:00:00.000Z',
    previsto_fim: '2026-11-27T15:00:00.000Z',
  },
  agendamento: null,
  cliente: 'Shopping Norte',
  responsavel: { id: 2, nome: 'Marcos Ribeiro' },
  assinaturas: 1,
  equipe_total: 2,
  pode_assinar: true,
  created_at: '2026-11-26T08:00:00.000Z',
} as unknown as AprListItem;

const PT = {
  id: 4,
  tipo: 'altura',
  status: 'emitida',
  vigente: false,
  apr: { id: 12, atividade: 'Troca de telhas do galpão' },
  os: { id: 5, codigo: 'OS-2026-000005' },
  inicio: '2026-11-26T10:00:00.000Z',
  fim: '2026-11-26T20:00:00.000Z',
  responsavel: { id: 2, nome: 'Marcos Ribeiro' },
  acoes: ['aprovar'],
} as unknown as PtListItem;

/** Answers the list call with `items` and records the query of each call. */
function api(path: string, items: unknown[]) {
  const asked: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const u = new URL(urlOf(input), 'http://x');
      if (u.pathname.endsWith(path)) asked.push(Object.fromEntries(u.searchParams));
      return Promise.resolve(jsonResponse({ items, total: items.length }));
    }),
  );
  return asked;
}

function Url() {
  return <output data-testid="url">{useLocation().search}</output>;
}

describe('the APR and PT lists (one shared SST list)', () => {
  it('APR: a card per APR, named for it, opens it; gestores get "Nova APR"', async () => {
    api('/tatico/sst/aprs', [APR]);
    const onOpen = vi.fn();
    const onCreate = vi.fn();
    renderUi(<AprList manager onOpen={onOpen} onCreate={onCreate} />);
    const card = await screen.findByRole('button', { name: 'Abrir APR nº 12' });
    expect(card.textContent).toContain('APR nº 12 — Troca de telhas do galpão');
    expect(card.textContent).toContain('1 de 2 assinaturas');
    expect(card.textContent).toContain('Aguarda a sua assinatura');
    // Enough to tell it from the other APRs of the same OS: where, for whom and when.
    expect(card.textContent).toContain('Galpão 2, cobertura · Shopping Norte');
    expect(card.textContent).toContain('OS-2026-000005 — sex, 27/11 · ');
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledWith(12);
    fireEvent.click(screen.getByRole('button', { name: 'Nova APR' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('APR: the customer is not repeated when the place already names it', async () => {
    api('/tatico/sst/aprs', [
      { ...APR, local: 'Shopping Norte, loja 12', cliente: 'Shopping Norte (Campinas/SP)' },
    ]);
    renderUi(<AprList manager onOpen={vi.fn()} onCreate={vi.fn()} />);
    const card = await screen.findByRole('button', { name: 'Abrir APR nº 12' });
    expect(card.textContent).toContain('Shopping Norte, loja 12');
    expect(card.textContent).not.toContain('· Shopping Norte');
  });

  it('APR: a team of one reads "0 de 1 assinatura"', async () => {
    api('/tatico/sst/aprs', [{ ...APR, assinaturas: 0, equipe_total: 1 }]);
    renderUi(<AprList manager onOpen={vi.fn()} onCreate={vi.fn()} />);
    const card = await screen.findByRole('button', { name: 'Abrir APR nº 12' });
    expect(card.textContent).toContain('0 de 1 assinatura');
    expect(card.textContent).not.toContain('assinaturas');
  });

  it('APR: the equipe has no "Nova APR" and is told where its APRs come from', async () => {
    api('/tatico/sst/aprs', []);
    renderUi(<AprList manager={false} onOpen={vi.fn()} onCreate={vi.fn()} />);
    expect(await screen.findByText('Nenhuma APR encontrada')).toBeTruthy();
    expect(
      screen.getByText('Quando você estiver na equipe de uma APR, ela aparece aqui.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nova APR' })).toBeNull();
  });

  it('PT: the filters of the URL reach the API, and the search is written there as typed', async () => {
    const asked = api('/tatico/sst/pts', [PT]);
    renderUi(
      <>
        <PtList manager={false} onOpen={vi.fn()} onCreate={vi.fn()} />
        <Url />
      </>,
      { route: '/tatico/epi?aba=apr-pt&situacao=emitida&tipo=altura' },
    );
    const card = await screen.findByRole('button', { name: 'Abrir PT nº 4' });
    expect(card.textContent).toContain('Aguarda a sua aprovação');
    expect(asked.at(-1)).toEqual({ status: 'emitida', tipo: 'altura', perPage: '100' });
    expect(screen.queryByRole('button', { name: 'Emitir PT' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar PTs' }), {
      target: { value: 'telhas ' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('url').textContent).toBe(
        '?aba=apr-pt&situacao=emitida&tipo=altura&busca=telhas',
      ),
    );
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        status: 'emitida',
        tipo: 'altura',
        busca: 'telhas',
        perPage: '100',
      }),
    );
  });
});
