import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { DayOffForm } from '../days-off/day-off-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// "Cadastrar dia sem expediente" runs the domain's dayOffBody through react-hook-form.

describe('DayOffForm', () => {
  it("a period past the limit shows the domain's message and sends nothing; a day goes whole", async () => {
    const api = stubApi({
      'GET /api/eproto/contracts/access': { contracts: [] },
      'POST /api/calendario/folgas': { id: 4, nome: 'Recesso' },
    });
    const user = userEvent.setup({ delay: null });
    renderUi(<DayOffForm />);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Informe o nome.')).toBeTruthy();
    expect(screen.getByText('Informe o início.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), ' Recesso ');
    await user.type(screen.getByRole('textbox', { name: /^Início/ }), '01/12/2026');
    await user.type(screen.getByRole('textbox', { name: /^Fim/ }), '31/01/2027');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(
      await screen.findByText('Um período sem expediente tem no máximo 60 dias.'),
    ).toBeTruthy();
    expect(api.bodies('POST', '/api/calendario/folgas')).toEqual([]);

    // An empty "Fim" is the start's day.
    await user.clear(screen.getByRole('textbox', { name: /^Fim/ }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/calendario/folgas')).toEqual([
        {
          nome: 'Recesso',
          tipo: 'folga',
          inicio: '2026-12-01',
          fim: '2026-12-01',
          contrato_id: null,
        },
      ]),
    );
  });
});
