import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { osFixture } from '../../test/os-fixture.ts';
import { OsKmCard } from '../os-km-card.tsx';

// The km of an OS's vehicle runs the domain's osKmBody through react-hook-form; what is sent
// goes to the OS step mutation (the outbox), replaced here to see what would be sent.
const mutateAsync = vi.fn((_step: unknown) => Promise.resolve({ status: 'sent' }));
vi.mock('../../api/os-step.ts', () => ({
  useOsStepMutation: () => ({ mutateAsync, isPending: false }),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
afterEach(() => vi.clearAllMocks());

const veiculo = { id: 5, placa: 'RIO2A18', modelo: 'Fiat Strada' };

describe('OsKmCard', () => {
  it('an empty km and 45.210,5 are refused; 45.210 goes as 45210', async () => {
    const user = userEvent.setup();
    renderUi(<OsKmCard os={osFixture({ veiculo })} editable />);
    const send = screen.getByRole('button', { name: 'Registrar km de saída' });

    await user.click(send);
    expect(await screen.findByText('Informe a quilometragem.')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Km na saída' });
    await user.type(box, '45.210,5');
    await user.click(send);
    expect(await screen.findByText(/inteiro/)).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, '45.210');
    await user.click(send);
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toEqual({
      tipo: 'km',
      body: { tipo: 'saida', km: 45210, confirmar_km_alto: false },
    });
  });

  it('a return far past the departure needs the confirmation ticked', async () => {
    const user = userEvent.setup();
    const os = osFixture({ veiculo, km: { saida: 45_000, retorno: null, rodados: null } });
    renderUi(<OsKmCard os={os} editable />);
    await user.type(screen.getByRole('textbox', { name: 'Km no retorno' }), '99.000');
    await user.click(screen.getByRole('button', { name: 'Registrar km de retorno' }));
    expect(await screen.findByText('Confira o km ou confirme que está certo.')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: /Confirmo: foram mais de/ }));
    await user.click(screen.getByRole('button', { name: 'Registrar km de retorno' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toEqual({
      tipo: 'km',
      body: { tipo: 'retorno', km: 99000, confirmar_km_alto: true },
    });
  });
});
