import '../../../test/setup-dom.ts';

import type { Board, MuralCounts, MuralSummary } from '@eproto/domain';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The whole web suite runs in parallel on a busy machine: give slow renders room.
configure({ asyncUtilTimeout: 8_000 });
vi.setConfig({ testTimeout: 20_000 });

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { getBoardMurals } from '../api/get-board-murals.ts';
import BoardsPage from '../pages/boards-page.tsx';
import { muralSummary } from '../../../test/mural-summary.ts';

const fetchMock = vi.fn<typeof fetch>();

function board(id: number, over: Partial<Board> = {}): Board {
  return {
    id,
    nome: `Quadro ${id}`,
    descricao: null,
    contract_id: null,
    contract_nome: null,
    cor: '#228be6',
    created_by: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    participantes: 3,
    demandas: 2,
    can_edit: true,
    ...over,
  };
}

function card(id: number, over: Partial<MuralSummary> = {}): MuralSummary {
  return muralSummary({
    id,
    board_id: 7,
    board_nome: 'Quadro 7',
    responsavel_id: id,
    responsavel_nome: `Pessoa ${id}`,
    ...over,
  });
}

const counts = (id: number): MuralCounts => ({
  id,
  tasks: 4,
  messages: 2,
  attachments: 1,
  unread: false,
  unread_messages: 0,
});

/** Answers by path; `listGate` holds the board list back until it resolves. */
function answer(listGate: Promise<void>) {
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/eproto/boards/7')) return jsonResponse(board(7));
    if (url.startsWith('/api/eproto/boards')) {
      await listGate;
      return jsonResponse(Array.from({ length: 40 }, (_, i) => board(i + 1, { participantes: 5 })));
    }
    if (url.startsWith('/api/eproto/murals/summary')) {
      const res = jsonResponse([card(1), card(2, { stage: 'em_revisao' })]);
      res.headers.set('x-total-count', '2');
      return res;
    }
    if (url.startsWith('/api/eproto/murals/counts')) return jsonResponse([counts(1), counts(2)]);
    if (url.includes('contracts/access')) return jsonResponse({ all: false, contracts: [] });
    return jsonResponse([]);
  });
}

function renderPage() {
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 8,
    email: 'gerente@eproto.test',
    nome: 'Fernanda Lima',
    type: 'gerente',
    rawType: 'Gerente',
    avatar: null,
  });
  return renderUi(<BoardsPage />, { route: '/eproto/quadros?quadro=7', client });
}

const calls = () => fetchMock.mock.calls.map(([input]) => urlOf(input));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('BoardsPage', () => {
  it('shows the board of the URL before the list of every board arrives', async () => {
    let release = () => undefined as void;
    answer(new Promise<void>((resolve) => (release = resolve)));
    renderPage();
    // jsdom lays nothing out, so the virtualised cards stay out; the columns count them
    expect(await screen.findByRole('region', { name: 'A fazer: 1 demandas' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Em revisão: 1 demandas' })).toBeTruthy();
    expect(calls()).toContain('/api/eproto/boards/7');
    expect(screen.getByText('3 participantes')).toBeTruthy();
    release();
    // then the list's copy of it (and the picker gets every board)
    expect(await screen.findByText('5 participantes')).toBeTruthy();
  });

  it('asks the counters of the whole board in one call, not by ids', async () => {
    answer(Promise.resolve());
    renderPage();
    await screen.findByRole('region', { name: 'A fazer: 1 demandas' });
    await waitFor(() =>
      expect(calls().filter((u) => u.includes('/murals/counts'))).toEqual([
        '/api/eproto/murals/counts?board_id=7',
      ]),
    );
  });

  it('keeps the options of its pickers out of the page while they are closed', async () => {
    answer(Promise.resolve());
    renderPage();
    await screen.findByRole('region', { name: 'A fazer: 1 demandas' });
    await screen.findByText('5 participantes');
    // 40 boards, 3 people and 5 priorities would be ~50 hidden options in kept-mounted dropdowns
    expect(document.querySelectorAll('[role="option"]').length).toBe(0);
  });
});

describe('getBoardMurals', () => {
  it('asks every page after the first at once', async () => {
    const pending: Array<(r: Response) => void> = [];
    fetchMock.mockImplementation((input) => {
      const page = Number(new URL(urlOf(input), 'http://x').searchParams.get('page'));
      if (page === 1) {
        const res = jsonResponse(Array.from({ length: 1000 }, (_, i) => card(i + 1)));
        res.headers.set('x-total-count', '2500');
        return Promise.resolve(res);
      }
      return new Promise<Response>((resolve) => pending.push(resolve));
    });
    const all = getBoardMurals(7);
    // pages 2 and 3 are both in flight before either answers
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[0]!(jsonResponse(Array.from({ length: 1000 }, (_, i) => card(i + 1001))));
    // a card that moved from page 1 to page 3 while they were read is kept once
    pending[1]!(
      jsonResponse([card(1000), ...Array.from({ length: 500 }, (_, i) => card(i + 2001))]),
    );
    const cards = await all;
    expect(cards).toHaveLength(2500);
    expect(new Set(cards.map((c) => c.id)).size).toBe(2500);
  });
});
