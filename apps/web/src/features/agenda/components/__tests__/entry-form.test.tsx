import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { AgendaEntry } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi, urlOf } from '../../../../test/render.tsx';
import { dayjs } from '../../../../lib/dates.ts';
import { EntryFormModal } from '../entry-form-modal.tsx';

// "Novo agendamento" / "Editar agendamento" runs the domain's agendaEntryBody through
// react-hook-form: its messages under the fields, nothing sent while one is wrong.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ME = { id: 1, nome: 'Coord', email: 'c@x.com', type: 'coordenador' };

const entry = {
  id: 5,
  inicio: dayjs('2026-12-10T08:00').toISOString(),
  fim: dayjs('2026-12-10T12:00').toISOString(),
  local: 'Galpão 3',
  latitude: null,
  longitude: null,
  contrato: { id: 7, codigo: 'C-7', nome: 'Contrato 7' },
  demanda: null,
  pessoas: [{ id: 11, nome: 'Ana Souza' }],
  veiculo: null,
  descricao: 'Troca de disjuntor',
  tipo_atividade: null,
} as unknown as AgendaEntry;

describe('Agendamento', () => {
  it("wrong fields: the domain's messages under them, nothing checked or sent", async () => {
    const api = stubApi({ '/api/users/me': ME });
    const user = userEvent.setup();
    renderUi(<EntryFormModal opened onClose={() => {}} draft={{ date: '2026-12-10' }} />);

    await user.type(screen.getByRole('textbox', { name: /^Local/ }), 'G');
    await user.type(screen.getByRole('textbox', { name: /^Descrição/ }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('O local: mínimo de 2 caracteres.')).toBeTruthy();
    expect(screen.getByText('A descrição: mínimo de 3 caracteres.')).toBeTruthy();
    expect(screen.getByText('Informe o contrato.')).toBeTruthy();
    expect(screen.getByText('Informe pelo menos uma pessoa.')).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/agenda/conflitos')).toEqual([]);
    expect(api.bodies('POST', '/api/tatico/agenda')).toEqual([]);
  });

  it('an edited entry goes as the body: instants, trimmed texts, ids', async () => {
    const api = stubApi({
      '/api/users/me': ME,
      'POST /api/tatico/agenda/conflitos': { conflitos: [] },
      'PUT /api/tatico/agenda/5': { ...entry, conflitos: [] },
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderUi(<EntryFormModal opened onClose={onClose} entry={entry} />);

    const local = screen.getByRole('textbox', { name: /^Local/ });
    await user.clear(local);
    await user.type(local, '  Galpão 4 ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('PUT', '/api/tatico/agenda/5')).toEqual([
      {
        inicio: dayjs('2026-12-10T08:00').toISOString(),
        fim: dayjs('2026-12-10T12:00').toISOString(),
        local: 'Galpão 4',
        latitude: null,
        longitude: null,
        contract_id: 7,
        mural_id: null,
        pessoas: [11],
        vehicle_id: null,
        descricao: 'Troca de disjuntor',
        tipo_atividade_id: null,
        liberacao_sst: null,
        confirmar_conflitos: false,
      },
    ]);
  });

  // The drawer keeps the edit form mounted, closed, under every opened entry: it asked for the
  // contract's 200 latest demands at each tap, for a form nobody had opened.
  it("a closed form asks nothing; opened, the contract's demands once", async () => {
    const api = stubApi({ '/api/users/me': ME, '/api/eproto/murals/summary': [] });
    const demandCalls = () =>
      api.mock.mock.calls
        .map(([u]) => urlOf(u))
        .filter((u) => u.includes('/api/eproto/murals/summary'));
    const { rerender } = renderUi(
      <EntryFormModal opened={false} onClose={() => {}} entry={entry} />,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(demandCalls()).toEqual([]);
    rerender(<EntryFormModal opened onClose={() => {}} entry={entry} />);
    await waitFor(() => expect(demandCalls()).toHaveLength(1));
    expect(demandCalls()[0]).toContain('contract_id=7');
  });
});
