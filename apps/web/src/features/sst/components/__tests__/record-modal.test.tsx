import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { RecordModal } from '../record-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const TRAININGS = {
  items: [
    { id: 3, codigo: 'NR-35', nome: 'NR-35 Trabalho em altura', validade_meses: 24, ativo: true },
  ],
};

async function fill(user: ReturnType<typeof userEvent.setup>, date: string) {
  await user.click(screen.getByRole('combobox', { name: /^Treinamento/ }));
  await user.click(await screen.findByRole('option', { name: /NR-35 — NR-35 Trabalho em altura/ }));
  await user.type(screen.getByRole('textbox', { name: /^Data de conclusão/ }), date);
  await user.type(screen.getByRole('textbox', { name: /^Carga horária/ }), '8,5');
  await user.type(
    screen.getByRole('textbox', { name: /^Instrutor ou entidade/ }),
    'SENAI Campinas',
  );
  await user.tab();
}

describe('RecordModal (Registrar treinamento): validation', () => {
  it('refuses a completion date in the future and does not send', async () => {
    const api = stubApi({ '/api/tatico/sst/treinamentos': TRAININGS });
    const user = userEvent.setup();
    renderUi(<RecordModal userId={7} onClose={() => {}} />);
    await fill(user, '10/12/2099');
    expect(await screen.findByText(/A data não pode ser depois de/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText(/A data não pode ser depois de/)).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/sst/registros')).toEqual([]);
  });

  it("empty fields and a one-letter instructor show the domain's messages and send nothing", async () => {
    const api = stubApi({ '/api/tatico/sst/treinamentos': TRAININGS });
    const user = userEvent.setup();
    renderUi(<RecordModal userId={7} onClose={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: /^Instrutor ou entidade/ }), 'A');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Informe o treinamento.')).toBeTruthy();
    expect(screen.getByText('Informe a data do treinamento.')).toBeTruthy();
    expect(screen.getByText('Informe a carga horária.')).toBeTruthy();
    expect(screen.getByText('O instrutor ou a entidade: mínimo de 2 caracteres.')).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/sst/registros')).toEqual([]);
  });

  it('sends the date typed as a Brazilian types it and the hours with a comma', async () => {
    const api = stubApi({
      '/api/tatico/sst/treinamentos': TRAININGS,
      'POST /api/tatico/sst/registros': { id: 1 },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<RecordModal userId={7} onClose={onClose} />);
    await fill(user, '10/10/2025');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/tatico/sst/registros')).toEqual([
      {
        user_id: 7,
        training_id: 3,
        data: '2025-10-10',
        carga_horaria: 8.5,
        instrutor: 'SENAI Campinas',
      },
    ]);
  });
});
