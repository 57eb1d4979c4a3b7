import '../../../test/setup-dom.ts';

import type { FinanceItem } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { getFinanceCounters } from '../api/get-finance-counters.ts';
import { FinancePanel } from '../components/finance-panel.tsx';

const fetchMock = vi.fn<typeof fetch>();

const item: FinanceItem = {
  id: 42,
  titulo: 'Medição de março',
  board_id: 1,
  board_nome: 'Hospital',
  contract_id: 1,
  contract_nome: 'Contrato Hospital',
  prioridade: 'media',
  stage: 'concluido',
  responsavel_id: 3,
  responsavel_nome: 'João',
  responsavel_avatar: null,
  inicio_previsto: '2026-03-01',
  fim_previsto: '2026-03-31',
  inicio_real: null,
  fim_real: null,
  finance_status: 'enviado',
  recurrence_id: null,
  atrasada: false,
  unread: false,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  descricao: null,
  finance_sent_at: '2026-03-30T10:00:00.000Z',
  finance_sent_by: 2,
  finance_sent_by_nome: 'Fernanda Lima',
  finance_viewed_at: null,
  finance_viewed_by: null,
  finance_viewed_by_nome: null,
  finance_done_at: null,
  finance_done_by: null,
  finance_done_by_nome: null,
  finance_observacao: 'Pode faturar.',
  finance_permissions: { send: false, act: true },
};

const counters = [
  { status: 'enviado', label: 'Enviado', total: 3 },
  { status: 'visualizado', label: 'Visualizado', total: 1 },
  { status: 'concluido', label: 'Concluído', total: 12 },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/contador')) return Promise.resolve(jsonResponse(counters));
    if (method === 'POST' && url.endsWith('/view')) {
      return Promise.resolve(jsonResponse({ ...item, finance_status: 'visualizado' }));
    }
    if (method === 'POST' && url.endsWith('/done')) {
      return Promise.resolve(jsonResponse({ ...item, finance_status: 'concluido' }));
    }
    if (url.includes('/financeiro/murals/42')) return Promise.resolve(jsonResponse(item));
    return Promise.resolve(jsonResponse([item]));
  });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const calls = (suffix: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => init?.method === 'POST' && urlOf(input).endsWith(suffix),
  );

describe('finance panel', () => {
  it('shows the counters, opens an item (marking it viewed) and concludes it', async () => {
    renderUi(<FinancePanel />);
    expect(await screen.findByRole('button', { name: 'Enviado: 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Concluído: 12' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir Medição de março' }));
    await waitFor(() => expect(calls('/financeiro/murals/42/view')).toHaveLength(1));
    expect(await screen.findByText('Pode faturar.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(calls('/financeiro/murals/42/done')).toHaveLength(1));
  });

  it('filters by the state of a counter', async () => {
    renderUi(<FinancePanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Visualizado: 1' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => urlOf(input).includes('status=visualizado')),
      ).toBe(true),
    );
  });

  it('reads a 403 from the counters as an empty list', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Sem permissão' }, 403));
    await expect(getFinanceCounters()).resolves.toEqual([]);
  });
});
