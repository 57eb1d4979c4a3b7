import '../../../../test/setup-dom.ts';

import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../../../lib/session-key.ts';
import { stubApi } from '../../../../test/api-capture.ts';
import { testQueryClient } from '../../../../test/render.tsx';
import { useSstGatedSubmit, type SstRelease } from '../use-sst-gated-submit.ts';

afterEach(() => vi.unstubAllGlobals());

const REASON = 'João Pereira: NR-35 vencida em 12/10/2026';

/** The hook for a person of `type`, with the check answering `reasons` and a recorded send. */
function gate(type: string, reasons: string[] | null, fail = false) {
  const me = { id: 1, nome: 'Pessoa', email: 'p@x.com', type };
  stubApi({ '/api/users/me': me });
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, me);
  const sent: Array<[number, SstRelease | undefined]> = [];
  const check = vi.fn((_p: number) => Promise.resolve(reasons));
  const send = vi.fn((p: number, release?: SstRelease) => {
    sent.push([p, release]);
    return fail ? Promise.reject(new Error('Falhou')) : Promise.resolve();
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSstGatedSubmit<number>({ check, send }), { wrapper });
  return { result, sent, check };
}

describe('useSstGatedSubmit (the one SST release flow of the web)', () => {
  it('sends at once when nothing blocks', async () => {
    const { result, sent, check } = gate('coordenador', []);
    await act(() => result.current.submit(7));
    expect(check).toHaveBeenCalledWith(7);
    expect(sent).toEqual([[7, undefined]]);
    expect(result.current.blocked).toBeNull();
    expect(result.current.modal.opened).toBe(false);
  });

  it('keeps a blocked payload unsent and shows why; a coordenador cannot release it', async () => {
    const { result, sent } = gate('coordenador', [REASON]);
    await act(() => result.current.submit(7));
    expect(sent).toEqual([]);
    expect(result.current.blocked).toEqual([REASON]);
    expect(result.current.modal).toMatchObject({ opened: true, reasons: [REASON] });
    expect(result.current.mayRelease).toBe(false);
    act(() => void result.current.release('Reciclagem marcada para amanhã.'));
    expect(sent).toEqual([]);
    act(() => result.current.modal.onClose());
    expect(result.current.blocked).toBeNull();
  });

  it('a gerente releases the kept payload with the trimmed reason; then it closes', async () => {
    const { result, sent } = gate('gerente', [REASON]);
    expect(result.current.mayRelease).toBe(true);
    await act(() => result.current.submit(7));
    // Too short: refused in Portuguese by the domain's schema, nothing sent.
    let refusal: string | null = null;
    act(() => {
      refusal = result.current.release('curto');
    });
    expect(refusal).toBe('Escreva a justificativa da liberação com pelo menos 10 caracteres.');
    act(() => {
      refusal = result.current.release('   ');
    });
    expect(refusal).toBe('Informe a justificativa da liberação.');
    expect(sent).toEqual([]);
    act(() => {
      refusal = result.current.release('  Reciclagem marcada; apoio no solo.  ');
    });
    expect(refusal).toBeNull();
    await waitFor(() => expect(result.current.blocked).toBeNull());
    expect(sent).toEqual([[7, { motivo: 'Reciclagem marcada; apoio no solo.' }]]);
  });

  it('a failed send keeps the conflict open for another try', async () => {
    const { result, sent } = gate('diretoria', [REASON], true);
    await act(() => result.current.submit(7));
    act(() => void result.current.release('Reciclagem marcada para amanhã.'));
    await waitFor(() => expect(result.current.sending).toBe(false));
    expect(sent).toHaveLength(1);
    expect(result.current.blocked).toEqual([REASON]);
  });

  it('a check answering null holds the payload: nothing sent, nothing to release', async () => {
    const { result, sent } = gate('gerente', null);
    await act(() => result.current.submit(7));
    expect(sent).toEqual([]);
    expect(result.current.blocked).toBeNull();
  });
});
