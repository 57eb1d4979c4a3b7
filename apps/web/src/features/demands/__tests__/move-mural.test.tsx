import '../../../test/setup-dom.ts';

import type { MuralSummary } from '@eproto/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The whole web suite runs in parallel on a busy machine: give slow renders room.
configure({ asyncUtilTimeout: 8_000 });
vi.setConfig({ testTimeout: 20_000 });

import { jsonResponse, testQueryClient, urlOf } from '../../../test/render.tsx';
import { muralKeys } from '../api/keys.ts';
import { moveFailedMessage, useMoveMural } from '../api/move-mural.ts';
import { muralSummary } from '../../../test/mural-summary.ts';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast.ts', () => ({
  toastError,
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();

function card(id: number, over: Partial<MuralSummary> = {}): MuralSummary {
  return muralSummary({ id, ...over });
}

function setup() {
  const client = testQueryClient();
  client.setQueryData(muralKeys.board(1), [card(1), card(2)]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useMoveMural(), { wrapper });
  const board = () => client.getQueryData<MuralSummary[]>(muralKeys.board(1)) ?? [];
  return { client, hook, board };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  toastError.mockReset();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('useMoveMural', () => {
  it('moves the card at once and sends PATCH /kanban {stage}', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { hook, board } = setup();

    act(() => hook.result.current.mutate({ id: 1, stage: 'em_andamento', titulo: 'Demanda 1' }));
    await waitFor(() => expect(board()[0]?.stage).toBe('em_andamento'));
    expect(board()[0]?.inicio_real).not.toBeNull();
    expect(board()[1]?.stage).toBe('a_fazer');

    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input)).toBe('/api/eproto/murals/1/kanban');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({ stage: 'em_andamento' });

    answer(jsonResponse({ ...card(1), stage: 'em_andamento', inicio_real: '2026-11-18' }));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(board()[0]?.stage).toBe('em_andamento');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('puts the card back and explains in Portuguese when the server refuses', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: 'Você não tem permissão para esta ação.', code: 'FORBIDDEN' }, 403),
    );
    const { hook, board } = setup();

    act(() => hook.result.current.mutate({ id: 2, stage: 'concluido', titulo: 'Demanda 2' }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));

    expect(board().map((m) => m.stage)).toEqual(['a_fazer', 'a_fazer']);
    expect(board()[1]?.fim_real).toBeNull();
    expect(toastError).toHaveBeenCalledWith(
      'Não foi possível mover "Demanda 2" para Concluído. Você não tem permissão para esta ação.',
    );
  });

  it('rolls back on a network failure too', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { hook, board } = setup();
    act(() => hook.result.current.mutate({ id: 1, stage: 'em_revisao' }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(board()[0]?.stage).toBe('a_fazer');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(String(toastError.mock.calls[0]?.[0])).toContain('a demanda para Em revisão');
  });
});

describe('moveFailedMessage', () => {
  it('names the demand and the stage', () => {
    expect(moveFailedMessage({ id: 1, stage: 'em_revisao', titulo: 'X' }, 'Motivo.')).toBe(
      'Não foi possível mover "X" para Em revisão. Motivo.',
    );
  });
});
