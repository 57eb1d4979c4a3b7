import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi, urlOf } from '../../../../test/render.tsx';
import AgendaPage from '../agenda-page.tsx';

// The week board under an entry's drawer has a row per field person and a button per day (~500
// buttons at 72 people, late in an e2e run): drawn again at each tap on an entry, it held the
// drawer's details for seconds on a loaded machine (docs/lab-notes.md, e2e watch list).
const renders = vi.hoisted(() => ({ week: 0 }));
vi.mock('../../components/week-tab.tsx', () => ({
  WeekTab: ({ onOpen }: { onOpen: (id: number) => void }) => {
    renders.week += 1;
    return (
      <button type="button" onClick={() => onOpen(5)}>
        abrir 5
      </button>
    );
  },
}));

const ENTRY = {
  id: 5,
  inicio: '2026-12-10T11:00:00.000Z',
  fim: '2026-12-10T15:00:00.000Z',
  local: 'Galpão 3',
  contrato: { id: 7, codigo: 'C-7', nome: 'Contrato 7' },
  demanda: null,
  pessoas: [{ id: 11, nome: 'Ana Souza' }],
  veiculo: null,
  descricao: 'Troca de disjuntor',
  status: 'agendado',
  conflitos: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('agenda page: opening an entry leaves the week board as it is', () => {
  it('the board is drawn once; the tap opens the entry', async () => {
    const api = stubApi({
      '/api/users/me': { id: 1, nome: 'Pessoa', email: 'p@x.com', type: 'coordenador' },
      '/api/tatico/agenda/5': ENTRY,
    });
    renderUi(<AgendaPage />, { route: '/tatico/agenda' });
    const open = await screen.findByRole('button', { name: 'abrir 5' });
    const before = renders.week;
    await userEvent.setup().click(open);
    await waitFor(() =>
      expect(api.mock.mock.calls.some(([u]) => urlOf(u).includes('/api/tatico/agenda/5'))).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Troca de disjuntor')).toBeTruthy();
    expect(renders.week).toBe(before);
  });
});
