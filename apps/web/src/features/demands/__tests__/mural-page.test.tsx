import '../../../test/setup-dom.ts';

import type { Mural } from '@eproto/domain';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The whole web suite runs in parallel on a busy machine: give slow renders room.
configure({ asyncUtilTimeout: 8_000 });
vi.setConfig({ testTimeout: 20_000 });

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { MuralPage, type MuralPageSlots } from '../pages/mural-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const MURAL: Mural = {
  id: 5,
  titulo: 'Troca de disjuntores do QGBT',
  board_id: 1,
  board_nome: 'Manutenção',
  contract_id: 2,
  contract_nome: 'Hospital São Lucas',
  prioridade: 'alta',
  stage: 'em_andamento',
  responsavel_id: 8,
  responsavel_nome: 'João Pereira',
  responsavel_avatar: null,
  inicio_previsto: '2026-11-10',
  fim_previsto: '2026-11-25',
  inicio_real: '2026-11-11',
  fim_real: null,
  finance_status: null,
  recurrence_id: null,
  atrasada: false,
  unread: true,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
  descricao: 'Trocar os disjuntores do bloco B.',
  created_by: 5,
  created_by_nome: 'Marcos Ribeiro',
  finance_sent_at: null,
  finance_sent_by: null,
  finance_viewed_at: null,
  finance_viewed_by: null,
  finance_done_at: null,
  finance_done_by: null,
  dias_uteis: false,
  permissions: {
    edit: true,
    move: true,
    message: true,
    upload: true,
    manage_participants: true,
    delete_any_attachment: true,
    edit_tasks: true,
  },
};

function answer(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = urlOf(input);
  if (url === '/api/eproto/murals/5' && (!init?.method || init.method === 'GET'))
    return jsonResponse(MURAL);
  if (url === '/api/eproto/murals/5/visualizado')
    return jsonResponse({ ok: true, viewed_at: '2026-11-18T10:00:00Z' });
  if (url.startsWith('/api/eproto/murals/counts'))
    return jsonResponse([
      { id: 5, tasks: 2, messages: 3, attachments: 1, unread: true, unread_messages: 1 },
    ]);
  if (url === '/api/eproto/murals/99')
    return jsonResponse({ error: 'Demanda não encontrada.', code: 'NOT_FOUND' }, 404);
  return jsonResponse([]);
}

function renderPage(route: string, slots: MuralPageSlots = {}) {
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 5,
    email: 'coordenador@eproto.test',
    nome: 'Marcos Ribeiro',
    type: 'coordenador',
    rawType: 'Coordenador',
    avatar: null,
  });
  return renderUi(
    <Routes>
      <Route path="/eproto/murals/:id" element={<MuralPage {...slots} />} />
    </Routes>,
    { route, client },
  );
}

beforeEach(() => {
  fetchMock.mockImplementation((input, init) => Promise.resolve(answer(input, init)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('MuralPage', () => {
  it('shows the header and marks the demand visualizado on opening', async () => {
    renderPage('/eproto/murals/5');
    expect(
      await screen.findByRole('heading', { name: 'Troca de disjuntores do QGBT' }),
    ).toBeTruthy();
    expect(screen.getByText('João Pereira')).toBeTruthy();
    expect(screen.getByText('25/11/2026')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => urlOf(u) === '/api/eproto/murals/5/visualizado' && i?.method === 'PATCH',
        ),
      ).toBe(true),
    );
  });

  it('renders the slots other areas plug in from the route layer', async () => {
    const headerActions = vi.fn((m: Mural) => <button type="button">Ação de {m.titulo}</button>);
    const sections = vi.fn((m: Mural) => <p>Seção da demanda {m.id}</p>);
    renderPage('/eproto/murals/5', {
      headerActions,
      sections,
      extraTabs: [
        { value: 'gantt', label: 'Gantt', render: (m) => <p>Gantt da demanda {m.id}</p> },
      ],
    });
    expect(
      await screen.findByRole('button', { name: 'Ação de Troca de disjuntores do QGBT' }),
    ).toBeTruthy();
    expect(screen.getByText('Seção da demanda 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Gantt' }));
    expect(await screen.findByText('Gantt da demanda 5')).toBeTruthy();
  });

  it('opens the tab named in ?aba=', async () => {
    renderPage('/eproto/murals/5?aba=gantt', {
      extraTabs: [
        { value: 'gantt', label: 'Gantt', render: (m) => <p>Gantt da demanda {m.id}</p> },
      ],
    });
    expect(await screen.findByText('Gantt da demanda 5')).toBeTruthy();
  });

  it('says "Demanda não encontrada" for an id out of scope', async () => {
    renderPage('/eproto/murals/99');
    expect(await screen.findByText('Demanda não encontrada')).toBeTruthy();
  });
});
