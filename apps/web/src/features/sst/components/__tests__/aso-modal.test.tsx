import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { AsoModal } from '../aso-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// "Registrar ASO" runs the domain's asoBody through react-hook-form.

const box = (name: RegExp) => screen.getByRole('textbox', { name });

describe('AsoModal (Registrar ASO)', () => {
  it('empty fields, an impossible date and a wrong CRM show the messages and send nothing', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderUi(<AsoModal userId={7} periodicity={12} onClose={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Informe a data do ASO.')).toBeTruthy();
    expect(screen.getByText('O nome do médico: mínimo de 3 caracteres.')).toBeTruthy();

    await user.type(box(/^Data do exame/), '31/02/2025');
    await user.type(box(/^Médico/), 'Dra. Ana Lima');
    await user.type(box(/^CRM/), 'CRM 12');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(
      await screen.findByText('A data 31/02/2025 não existe. Confira o dia e o mês.'),
    ).toBeTruthy();
    expect(screen.getByText('Informe o CRM do médico (ex.: 123456/SP).')).toBeTruthy();
    expect(screen.queryByText('O nome do médico: mínimo de 3 caracteres.')).toBeNull();
    expect(api.bodies('POST', '/api/tatico/sst/asos')).toEqual([]);
  });

  it('"Apto com restrições" needs the restrictions; then sends the typed date and 24 months', async () => {
    const api = stubApi({ 'POST /api/tatico/sst/asos': { id: 1 } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<AsoModal userId={7} periodicity={24} onClose={onClose} />);

    await user.type(box(/^Data do exame/), '10/10/2025');
    await user.click(screen.getByRole('combobox', { name: /^Resultado/ }));
    await user.click(await screen.findByRole('option', { name: 'Apto com restrições' }));
    await user.type(box(/^Médico/), ' Dra. Ana Lima ');
    await user.type(box(/^CRM/), '123456/SP');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Descreva as restrições do ASO.')).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/sst/asos')).toEqual([]);

    await user.type(box(/^Restrições/), 'Sem trabalho em altura');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/tatico/sst/asos')).toEqual([
      {
        user_id: 7,
        tipo: 'periodico',
        data: '2025-10-10',
        resultado: 'apto_restricoes',
        restricoes: 'Sem trabalho em altura',
        medico: 'Dra. Ana Lima',
        crm: '123456/SP',
        periodicidade_meses: 24,
      },
    ]);
  });
});
