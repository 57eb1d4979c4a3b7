import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { AgendaEntry } from '@eproto/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi, testQueryClient, urlOf } from '../../../../test/render.tsx';
import { dayjs } from '../../../../lib/dates.ts';
import { outbox } from '../../../../lib/offline/outbox.ts';
import { SESSION_KEY } from '../../../../lib/session-key.ts';
import { MyAgenda } from '../my-agenda.tsx';

// Each card's status buttons stand for the card: a card drawn again draws them again.
const drawn = vi.hoisted(() => new Map<number, number>());
vi.mock('../entry-status-actions.tsx', () => ({
  EntryStatusActions: ({ entry }: { entry: { id: number } }) => {
    drawn.set(entry.id, (drawn.get(entry.id) ?? 0) + 1);
    return null;
  },
}));

const today = dayjs().format('YYYY-MM-DD');
const entry = (id: number, hour: number): AgendaEntry =>
  ({
    id,
    inicio: dayjs(`${today}T${String(hour).padStart(2, '0')}:00`).toISOString(),
    fim: dayjs(`${today}T${String(hour + 1).padStart(2, '0')}:00`).toISOString(),
    local: `Galpão ${id}`,
    latitude: null,
    longitude: null,
    contrato: { id: 7, codigo: 'C-7', nome: 'Contrato 7' },
    demanda: null,
    pessoas: [{ id: 11, nome: 'Ana Souza' }],
    veiculo: null,
    descricao: `Serviço ${id}`,
    status: 'agendado',
    conflitos: [],
    os: null,
  }) as unknown as AgendaEntry;

afterEach(() => {
  vi.unstubAllGlobals();
  drawn.clear();
});

// On a 4x slower phone each answer that drew every card again was a 60-175 ms task (issue 33):
// the agenda's own answer, the outbox's first load, the session, a refetch of the same list.
describe('Minha agenda: each card is drawn once for the first answers', () => {
  it('the outbox loading and the list refetched unchanged leave the cards as they are', async () => {
    const api = stubApi({
      '/api/users/me': { id: 11, nome: 'Ana Souza', email: 'ana@x.com', type: 'equipe' },
      '/api/tatico/agenda/minha': { items: [entry(1, 8), entry(2, 10), entry(3, 14)] },
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
    renderUi(<MyAgenda manager={false} />, { route: '/tatico/agenda', client });
    expect(await screen.findAllByTestId('minha-agenda-entry')).toHaveLength(3);
    // The outbox's first load from IndexedDB (the shell starts it as the app opens).
    await act(() => outbox.start({ userId: 11, queryClient: client }));
    // A refetch (focus, the offline prefetch, a change event) answering the same list.
    const asked = api.mock.mock.calls.length;
    await act(() => client.refetchQueries({ queryKey: ['agenda'] }));
    await waitFor(() => expect(api.mock.mock.calls.length).toBeGreaterThan(asked));
    expect(urlOf(api.mock.mock.calls.at(-1)![0])).toContain('/api/tatico/agenda/minha');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(Object.fromEntries(drawn)).toEqual({ 1: 1, 2: 1, 3: 1 });
  });
});
