import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { EpiDelivery } from '@eproto/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { outbox } from '../../../lib/offline/outbox.ts';
import { SESSION_KEY } from '../../../lib/session-key.ts';
import { MyEpiView } from '../components/my-epi-view.tsx';

// Each card's status badge stands for the card: a card drawn again draws it again.
const drawn = vi.hoisted(() => ({ badges: 0 }));
vi.mock('../components/epi-labels.tsx', () => ({
  DeliveryStatusBadge: ({ status }: { status: string }) => {
    drawn.badges += 1;
    return <span>{status}</span>;
  },
}));

const delivery = (id: number, status: EpiDelivery['status']): EpiDelivery => ({
  id,
  colaborador: { id: 11, nome: 'Ana Souza' },
  item: { id, nome: `Luva ${id}`, ca_numero: '12345', ca_validade: '2030-01-01', tamanho: 'M' },
  data: '2026-11-01',
  quantidade: 1,
  motivo: 'admissao',
  observacao: null,
  entregue_por: null,
  status,
  confirmacao: null,
  confirmado_em: null,
  tem_assinatura: false,
  assinatura_registro: null,
  troca_prevista: '2027-05-01',
  troca_situacao: null,
  devolucao_data: null,
  devolucao_motivo: null,
  substituicao_solicitada: false,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  drawn.badges = 0;
});

// Meus EPIs drew every card again at each answer of the page (its requests, the outbox's first
// load, a refetch): ~140 ms of one task on a 4x slower phone (issue 33).
describe('Meus EPIs: each card is drawn once for the first answers', () => {
  it('the requests, the outbox loading and an unchanged refetch leave the cards as they are', async () => {
    let answerRequests: (v: unknown) => void = () => undefined;
    const requests = new Promise((r) => (answerRequests = r));
    const api = stubApi({
      '/api/tatico/epi/minhas-entregas': {
        items: [delivery(1, 'pendente'), delivery(2, 'confirmada'), delivery(3, 'confirmada')],
      },
    });
    const plain = api.mock.getMockImplementation()!;
    api.mock.mockImplementation(async (input, init) => {
      // The requests answer after the deliveries, as a second answer of the page.
      if (urlOf(input).includes('minhas-solicitacoes')) {
        await requests;
        return new Response(JSON.stringify({ items: [], total: 0 }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return plain(input, init);
    });
    const client = testQueryClient();
    client.setQueryData(SESSION_KEY, {
      id: 11,
      nome: 'Ana Souza',
      email: 'ana@x.com',
      type: 'equipe',
      rawType: 'equipe',
      avatar: null,
    });
    renderUi(<MyEpiView />, { route: '/tatico/epi', client });
    expect(await screen.findByRole('button', { name: 'Confirmar recebimento' })).toBeTruthy();
    expect(drawn.badges).toBe(3);
    answerRequests(undefined);
    expect(await screen.findByText(/Nenhuma solicitação/)).toBeTruthy();
    await act(() => outbox.start({ userId: 11, queryClient: client }));
    const asked = api.mock.mock.calls.length;
    await act(() => client.refetchQueries({ queryKey: ['epi', 'mine'] }));
    await waitFor(() => expect(api.mock.mock.calls.length).toBeGreaterThan(asked));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(drawn.badges).toBe(3);
  });
});
