import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { OsDetail } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../../test/render.tsx';
import { osFixture } from '../../test/os-fixture.ts';
import ServiceOrderPage from '../service-order-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

/** An OS with `n` yes/no items, none answered (a long checklist: most of it off screen). */
function osWith(n: number): OsDetail {
  return osFixture({
    checklist: Array.from({ length: n }, (_, i) => ({
      item: {
        id: 100 + i,
        ordem: i + 1,
        titulo: `Item ${i + 1}`,
        tipo: 'sim_nao' as const,
        obrigatorio: false,
        ajuda: null,
        unidade: null,
        minimo: null,
        maximo: null,
        opcoes: [],
        fotos_minimas: null,
      },
      resposta: null,
      respondido: false,
      fotos: 0,
    })),
  });
}

/** The page at /tatico/agenda/os/41, with what each commit showed: [code shown, items shown]. */
function renderPage(os: OsDetail) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).includes(`/api/tatico/os/${os.id}`)
        ? jsonResponse(os)
        : jsonResponse({ items: [], total: 0 }),
    ),
  );
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 9,
    email: 'ana@eproto.test',
    nome: 'Ana Souza',
    type: 'equipe',
    rawType: 'equipe',
    avatar: null,
  });
  const commits: Array<[boolean, number]> = [];
  renderUi(
    <Profiler
      id="os"
      onRender={() =>
        commits.push([
          !!document.querySelector('[data-testid="os-codigo"]'),
          document.querySelectorAll('[data-testid="checklist-item"]').length,
        ])
      }
    >
      <Routes>
        <Route path="/tatico/agenda/os/:id" element={<ServiceOrderPage />} />
      </Routes>
    </Profiler>,
    { client, route: `/tatico/agenda/os/${os.id}` },
  );
  return commits;
}

describe('ServiceOrderPage (issue 33: the OS renders without one long task)', () => {
  it('paints the header with the first screen of the checklist, then the other items', async () => {
    const commits = renderPage(osWith(12));
    // Rendered in slices: on a loaded machine jsdom takes seconds for nine Mantine cards.
    await waitFor(() => expect(screen.getAllByTestId('checklist-item')).toHaveLength(12), {
      timeout: 15_000,
    });
    const shown = commits.filter(([code]) => code);
    // The first commit with the OS holds the header and three items; the other nine come in a
    // render of their own (a transition, sliced), not in the task that paints the OS.
    expect(shown[0]).toEqual([true, 3]);
    expect(shown.at(-1)).toEqual([true, 12]);
  }, 30_000);

  it('renders the answer in a deferred render: its own update keeps the skeleton', async () => {
    const commits = renderPage(osWith(2));
    expect(await screen.findByTestId('os-codigo', {}, { timeout: 15_000 })).toBeTruthy();
    // The mount (skeleton), the answer's urgent update (still the skeleton), then the OS.
    const before = commits.findIndex(([code]) => code);
    expect(before).toBeGreaterThanOrEqual(2);
    expect(commits.slice(0, before).every(([code, items]) => !code && items === 0)).toBe(true);
  }, 30_000);

  it('shows a short checklist whole with the OS', async () => {
    const commits = renderPage(osWith(2));
    await waitFor(() => expect(screen.getAllByTestId('checklist-item')).toHaveLength(2), {
      timeout: 15_000,
    });
    expect(commits.find(([code]) => code)).toEqual([true, 2]);
  }, 30_000);
});
