import '../../../test/setup-dom.ts';

import type { ProtocolSummary } from '@eproto/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, testQueryClient } from '../../../test/render.tsx';
import type { ProtocolPage } from '../api/get-protocols.ts';
import { protocolKeys } from '../api/keys.ts';
import { useMoveProtocol } from '../api/move-protocol.ts';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const task = { id: 7, titulo: 'Laudo', stage: 'em_andamento' } as ProtocolSummary;
const key = protocolKeys.list({ page: 1, perPage: 500 });

function setup() {
  const client = testQueryClient();
  client.setQueryData<ProtocolPage>(key, { items: [task], total: 1 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMoveProtocol(), { wrapper });
  return { client, result };
}

const stageIn = (client: ReturnType<typeof testQueryClient>) =>
  client.getQueryData<ProtocolPage>(key)?.items[0]?.stage;

describe('useMoveProtocol', () => {
  it('moves the card at once and puts it back when the server refuses', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    const { client, result } = setup();
    act(() => result.current.mutate({ id: 7, stage: 'em_revisao', titulo: 'Laudo' }));
    await waitFor(() => expect(stageIn(client)).toBe('em_revisao'));
    answer(jsonResponse({ error: 'Você não tem permissão para esta ação.' }, 403));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(stageIn(client)).toBe('em_andamento');
    const { toastError } = await import('../../../lib/toast.ts');
    expect(toastError).toHaveBeenCalledWith(
      'Não foi possível mover "Laudo" para Em revisão. Você não tem permissão para esta ação.',
    );
  });

  it('patches the answer into the lists and the page, and reads nothing again', async () => {
    const V2 = '2026-11-30T10:00:00.000Z';
    const answer = {
      ...task,
      stage: 'em_revisao',
      updated_at: V2,
      review_status: 'pendente',
      created_by_nome: null,
      reviewed_by: null,
      reviewed_by_nome: null,
      reviewed_at: null,
      review_comment: null,
      permissions: { edit: true, move: true, delete: false, review: false },
    };
    fetchMock.mockResolvedValue(jsonResponse(answer));
    const { client, result } = setup();
    const refetch = vi.spyOn(client, 'invalidateQueries');
    act(() => result.current.mutate({ id: 7, stage: 'em_revisao', titulo: 'Laudo' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const row = client.getQueryData<ProtocolPage>(key)?.items[0];
    expect(row).toMatchObject({ stage: 'em_revisao', updated_at: V2, review_status: 'pendente' });
    expect(row).not.toHaveProperty('permissions');
    expect(client.getQueryData(protocolKeys.detail(7))).toEqual(answer);
    // What else went stale is the write's changes' (X-Changes), not this mutation's.
    expect(refetch).not.toHaveBeenCalled();
  });
});
