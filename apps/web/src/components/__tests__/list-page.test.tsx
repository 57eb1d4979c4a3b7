import '../../test/setup-dom.ts';
import '../../test/stub-fonts.ts';

import type { InventoryItem } from '@eproto/domain';
import { Switch } from '@mantine/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { InventoryTab } from '../../features/frota/components/inventory-tab.tsx';
import { useIdParam } from '../../lib/use-id-param.ts';
import { useListFilters } from '../../lib/use-list-filters.ts';
import { jsonResponse, renderUi, urlOf } from '../../test/render.tsx';
import { FilterBar, ListView, type ListViewProps } from '../list-page.tsx';

interface Row {
  id: number;
  nome: string;
}
const ROWS: Row[] = [
  { id: 1, nome: 'Furadeira de impacto' },
  { id: 2, nome: 'Escada de fibra 7 degraus' },
];

const ok = { isPending: false, isError: false, error: null, refetch: vi.fn() };

function view(props: Partial<ListViewProps<Row>> = {}) {
  return (
    <ListView<Row>
      query={ok}
      items={ROWS}
      rowKey={(r) => r.id}
      columns={[
        { header: 'Código', cell: (r) => `#${r.id}` },
        { header: 'Item', cell: (r) => r.nome },
      ]}
      card={(r) => <span>{r.nome}</span>}
      cardLabel={(r) => `Abrir ${r.nome}`}
      minWidth={600}
      empty={{ icon: null, title: 'Nenhum item encontrado', hint: 'Ajuste os filtros.' }}
      {...props}
    />
  );
}

/** Makes the phone media query (max-width 47.99em) match, as on a 390 px phone. */
function asPhone(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ListView states', () => {
  it('shows the skeleton while loading', () => {
    renderUi(view({ query: { ...ok, isPending: true }, items: undefined }));
    expect(screen.getByRole('status', { name: 'Carregando...' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error with a retry that refetches', () => {
    const refetch = vi.fn();
    renderUi(
      view({
        query: { ...ok, isError: true, error: new Error('Sem conexão com o servidor.'), refetch },
        items: undefined,
      }),
    );
    expect(screen.getByText('Sem conexão com o servidor.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state with its hint', () => {
    renderUi(view({ items: [] }));
    expect(screen.getByText('Nenhum item encontrado')).toBeTruthy();
    expect(screen.getByText('Ajuste os filtros.')).toBeTruthy();
  });
});

describe('ListView layout', () => {
  it('is a table on a wide screen; a click on a row opens it', () => {
    asPhone(false);
    const onOpen = vi.fn();
    renderUi(view({ onOpen }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Código', 'Item']);
    fireEvent.click(within(table).getByText('Escada de fibra 7 degraus'));
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
    expect(screen.queryByRole('button', { name: /^Abrir/ })).toBeNull();
  });

  it('is a list of cards on a 390 px phone, each a button named for its row', () => {
    asPhone(true);
    const onOpen = vi.fn();
    renderUi(view({ onOpen }));
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir Furadeira de impacto' }));
    expect(onOpen).toHaveBeenCalledWith(ROWS[0]);
  });

  it('cards without onOpen are not buttons (their own actions stay clickable)', () => {
    asPhone(true);
    renderUi(view({ card: (r) => <button type="button">Editar {r.nome}</button> }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Editar Furadeira de impacto',
      'Editar Escada de fibra 7 degraus',
    ]);
  });
});

describe('ListView without columns (cards at every width)', () => {
  it('shows cards, not a table, on a wide screen; a card opens its row', () => {
    asPhone(false);
    const onOpen = vi.fn();
    renderUi(view({ columns: undefined, cardCols: { base: 1, md: 2 }, onOpen }));
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir Escada de fibra 7 degraus' }));
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('a compact list is a striped table with smaller skeleton rows', () => {
    asPhone(false);
    const { unmount } = renderUi(view({ compact: true }));
    expect(screen.getByRole('table').querySelector('[data-striped="odd"]')).not.toBeNull();
    unmount();
    renderUi(view({ compact: true, query: { ...ok, isPending: true }, items: undefined }));
    const rows = screen.getByRole('status', { name: 'Carregando...' }).children;
    expect((rows[0] as HTMLElement).style.getPropertyValue('--skeleton-height')).toContain(
      '2.25rem',
    );
  });
});

describe('ListView pagination', () => {
  it('shows the count and pages; choosing a page reports it', () => {
    const onPage = vi.fn();
    renderUi(
      view({
        pagination: {
          page: 1,
          perPage: 2,
          total: 5,
          onPage,
          count: (n) => `${n} itens`,
        },
      }),
    );
    expect(screen.getByText('5 itens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(onPage).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('has no page buttons when everything fits in one page', () => {
    renderUi(view({ pagination: { page: 1, perPage: 50, total: 2, onPage: vi.fn() } }));
    expect(screen.queryByRole('button', { name: 'Próxima página' })).toBeNull();
  });
});

function Harness() {
  const filters = useListFilters(['status'] as const);
  const [, setOpen] = useIdParam('veiculo');
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={() => setOpen(12)}>
        abrir 12
      </button>
      <FilterBar search={filters.search} searchLabel="Buscar" placeholder="Buscar">
        <Switch
          label="Só ativos"
          checked={filters.values.status === 'ativo'}
          onChange={(e) => filters.set({ status: e.currentTarget.checked ? 'ativo' : null })}
        />
      </FilterBar>
      <button type="button" onClick={() => filters.setPage(3)}>
        ir para 3
      </button>
      <output data-testid="url">{location.search}</output>
      <output data-testid="query">
        {JSON.stringify({ status: filters.values.status, q: filters.search.value || undefined })}
      </output>
      <output data-testid="page">{filters.page}</output>
      <output data-testid="active">{String(filters.active)}</output>
    </>
  );
}

describe('useListFilters: the filters live in the URL', () => {
  const url = () => screen.getByTestId('url').textContent;
  const query = (): unknown => JSON.parse(screen.getByTestId('query').textContent ?? '');

  it('reads the filters of the URL on arrival (a reload keeps them)', () => {
    renderUi(<Harness />, { route: '/lista?status=ativo&busca=escada&pagina=2' });
    expect(query()).toEqual({ status: 'ativo', q: 'escada' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Buscar' }).value).toBe('escada');
    expect(screen.getByTestId('page').textContent).toBe('2');
    expect(screen.getByTestId('active').textContent).toBe('true');
  });

  it('a filter change goes to the URL, back to page 1, and keeps other parameters', () => {
    renderUi(<Harness />, { route: '/lista?veiculo=7&pagina=4' });
    expect(screen.getByTestId('active').textContent).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: 'Só ativos' }));
    expect(url()).toBe('?veiculo=7&status=ativo');
    expect(query()).toEqual({ status: 'ativo' });
    fireEvent.click(screen.getByRole('button', { name: 'ir para 3' }));
    expect(url()).toBe('?veiculo=7&status=ativo&pagina=3');
    fireEvent.click(screen.getByRole('switch', { name: 'Só ativos' }));
    expect(url()).toBe('?veiculo=7');
  });

  it('the search is written to ?busca= once typing pauses, trimmed', () => {
    vi.useFakeTimers();
    renderUi(<Harness />, { route: '/lista?pagina=2' });
    const box = screen.getByRole('textbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'esc' } });
    fireEvent.change(box, { target: { value: 'escada ' } });
    expect(url()).toBe('?pagina=2');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(url()).toBe('?busca=escada');
    expect(query()).toEqual({ q: 'escada' });
    fireEvent.change(box, { target: { value: '' } });
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(url()).toBe('');
  });

  it('a row opened just before the typed text reaches the URL stays open (?veiculo= kept)', () => {
    vi.useFakeTimers();
    renderUi(<Harness />, { route: '/lista' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar' }), {
      target: { value: 'ABC1D23' },
    });
    // cost-attribution.spec.ts (CI 30/11): the click on the row, then the search's write 300 ms
    // after the last key, before the router had drawn the click's URL (it does in a transition).
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'abrir 12' }));
      vi.advanceTimersByTime(350);
    });
    expect(url()).toBe('?veiculo=12&busca=ABC1D23');
    // Two writes of one moment (a filter and a drawer) both stay.
    act(() => {
      fireEvent.click(screen.getByRole('switch', { name: 'Só ativos' }));
      fireEvent.click(screen.getByRole('button', { name: 'abrir 12' }));
    });
    expect(url()).toBe('?veiculo=12&busca=ABC1D23&status=ativo');
  });

  it('a key typed while the paused text reaches the URL is kept (the URL is not echoed back)', () => {
    vi.useFakeTimers();
    renderUi(<Harness />, { route: '/lista' });
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'cirúrgi' } });
    // A slow phone: the pause's write to the URL and the next key land in the same render.
    act(() => {
      vi.advanceTimersByTime(300);
      fireEvent.change(box, { target: { value: 'cirúrgic' } });
    });
    expect(box.value).toBe('cirúrgic');
    fireEvent.change(box, { target: { value: 'cirúrgico' } });
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(box.value).toBe('cirúrgico');
    expect(query()).toEqual({ q: 'cirúrgico' });
  });
});

describe('a page on the shared piece (inventory)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));

  const item: InventoryItem = {
    id: 4,
    codigo: 'CON-0001',
    nome: 'Abraçadeira de nylon',
    categoria: 'Elétrica',
    natureza: 'consumivel',
    localizacao: 'Almoxarifado',
    estado: null,
    responsavel: null,
    unidade: 'un',
    quantidade: 3,
    estoque_minimo: 10,
    abaixo_minimo: true,
  } as unknown as InventoryItem;

  it('asks the API with the URL’s filters and again with each new one', async () => {
    asPhone(false);
    const asked: URL[] = [];
    fetchMock.mockImplementation(async (input) => {
      const u = new URL(urlOf(input), 'http://x');
      if (u.pathname.endsWith('/tatico/inventario/itens')) {
        asked.push(u);
        return jsonResponse({ items: [item] });
      }
      return jsonResponse({ items: [], total: 0 });
    });
    renderUi(<InventoryTab />, { route: '/tatico/frota?aba=inventario&natureza=consumivel' });
    expect(await screen.findByText('Abraçadeira de nylon')).toBeTruthy();
    expect(Object.fromEntries(asked.at(-1)!.searchParams)).toEqual({ natureza: 'consumivel' });
    fireEvent.click(screen.getByRole('switch', { name: 'Abaixo do mínimo' }));
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1)!.searchParams)).toEqual({
        natureza: 'consumivel',
        abaixo_minimo: 'true',
      }),
    );
  });
});
