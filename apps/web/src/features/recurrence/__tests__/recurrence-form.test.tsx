import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { RecurrenceFormModal } from '../components/recurrence-form-modal.tsx';

// "Tornar recorrente" runs the domain's recurrenceCreateBody through react-hook-form.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// 2026-03-02 is a Monday.
const mural = { id: 9, titulo: 'Inspeção', inicio_previsto: '2026-03-02', fim_previsto: null };
const POST = '/api/eproto/recurrence';

describe('Tornar recorrente', () => {
  it("an end before the start shows the domain's message under the date and sends nothing", async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderUi(<RecurrenceFormModal mural={mural} opened onClose={() => {}} />);

    await user.type(screen.getByRole('textbox', { name: 'Data final' }), '01/03/2026');
    await user.click(screen.getByRole('button', { name: 'Criar recorrência' }));

    expect(
      await screen.findByText('A data final deve ser igual ou posterior ao início.'),
    ).toBeTruthy();
    expect(api.bodies('POST', POST)).toEqual([]);
  });

  it('sends the rule typed key by key, only the chosen end', async () => {
    const api = stubApi({ [`POST ${POST}`]: { id: 1 } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<RecurrenceFormModal mural={mural} opened onClose={onClose} />);

    await user.type(screen.getByRole('textbox', { name: 'Data final' }), '30/06/2026');
    const count = screen.getByRole('textbox', { name: 'Número de ocorrências' });
    // Typed over the 4 already there (emptying the field puts back the least, 2).
    await user.type(count, '6', { initialSelectionStart: 0, initialSelectionEnd: 1 });
    await user.click(screen.getByRole('button', { name: 'Criar recorrência' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', POST)).toEqual([
      {
        mural_id: 9,
        frequencia: 'semanal',
        intervalo: 1,
        dias_semana: [1],
        data_inicio: '2026-03-02',
        ate: null,
        ocorrencias: 6,
      },
    ]);
  });
});
