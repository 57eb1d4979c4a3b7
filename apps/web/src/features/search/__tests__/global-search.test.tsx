import '../../../test/setup-dom.ts';

import type { SearchResponse } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { SearchButton } from '../components/search-button.tsx';
import { readRecentSearches } from '../utils/recent-searches.ts';

const fetchMock = vi.fn<typeof fetch>();
const ME = {
  id: 7,
  email: 'g@x.y',
  nome: 'Gerente',
  type: 'gerente',
  rawType: 'Gerente',
  avatar: null,
};

const RESULTS: SearchResponse = {
  q: 'manutencao',
  groups: [
    {
      area: 'demandas',
      label: 'Demandas',
      items: [
        {
          id: 12,
          title: '#12 Manutenção preventiva',
          subtitle: 'A fazer · Quadro Hospital',
          link: '/eproto/murals/12',
        },
      ],
    },
    {
      area: 'veiculos',
      label: 'Veículos',
      items: [
        { id: 3, title: 'ABC1D23', subtitle: 'Toyota Hilux', link: '/tatico/frota?veiculo=3' },
      ],
    },
  ],
};

function answer(input: RequestInfo | URL) {
  const url = new URL(urlOf(input), 'http://x');
  if (url.pathname === '/api/users/me') return Promise.resolve(jsonResponse(ME));
  if (url.pathname === '/api/search') {
    const q = url.searchParams.get('q') ?? '';
    return Promise.resolve(
      jsonResponse(q === 'manutencao' ? RESULTS : ({ q, groups: [] } satisfies SearchResponse)),
    );
  }
  return Promise.resolve(jsonResponse({}, 404));
}

function renderBar() {
  return renderUi(
    <Routes>
      <Route path="/eproto/murals/:id" element={<p>página da demanda</p>} />
      <Route path="*" element={<SearchButton />} />
    </Routes>,
    { route: '/eproto/quadros' },
  );
}

const searchCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://x'))
    .filter((u) => u.pathname === '/api/search');

/** Types like a person, one character at a time. */
function type(input: HTMLElement, text: string) {
  for (let i = 1; i <= text.length; i += 1) {
    fireEvent.change(input, { target: { value: text.slice(0, i) } });
  }
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(answer);
});
afterEach(() => vi.clearAllMocks());

describe('global search', () => {
  it('opens with Ctrl+K, searches once after typing, groups results by area and opens one', async () => {
    renderBar();
    await screen.findAllByRole('button', { name: 'Buscar' });
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    const input = await screen.findByPlaceholderText('Buscar…');
    type(input, 'manutencao');

    expect(await screen.findByText('#12 Manutenção preventiva')).toBeTruthy();
    const demands = screen.getByRole('group', { name: 'Demandas' });
    expect(demands.textContent).toContain('A fazer · Quadro Hospital');
    expect(screen.getByRole('group', { name: 'Veículos' }).textContent).toContain('Toyota Hilux');
    // Debounced: one call for the whole word, not one per letter.
    expect(searchCalls().map((u) => u.searchParams.get('q'))).toEqual(['manutencao']);
    expect(searchCalls()[0]!.searchParams.get('limit')).toBe('5');

    fireEvent.click(screen.getByText('#12 Manutenção preventiva'));
    expect(await screen.findByText('página da demanda')).toBeTruthy();
    expect(readRecentSearches(ME.id)).toEqual(['manutencao']);
  });

  it('shows recent searches when empty and "Nenhum resultado" when nothing matches', async () => {
    localStorage.setItem(`eproto.busca.recentes.${ME.id}`, JSON.stringify(['hilux', 'abc1d23']));
    renderBar();
    const [button] = await screen.findAllByRole('button', { name: 'Buscar' });
    fireEvent.click(button!);
    expect(await screen.findByRole('group', { name: 'Buscas recentes' })).toBeTruthy();
    expect(screen.getByText('abc1d23')).toBeTruthy();

    fireEvent.click(screen.getByText('hilux'));
    await waitFor(() =>
      expect(searchCalls().map((u) => u.searchParams.get('q'))).toEqual(['hilux']),
    );
    expect(await screen.findByText('Nenhum resultado')).toBeTruthy();
  });

  it('asks for two letters before searching', async () => {
    renderBar();
    const [button] = await screen.findAllByRole('button', { name: 'Buscar' });
    fireEvent.click(button!);
    type(await screen.findByPlaceholderText('Buscar…'), 'm');
    expect(await screen.findByText('Digite ao menos 2 letras.')).toBeTruthy();
    expect(searchCalls()).toEqual([]);
  });
});
