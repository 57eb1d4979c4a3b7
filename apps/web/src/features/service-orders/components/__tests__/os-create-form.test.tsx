import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { OsCreateModal } from '../os-create-modal.tsx';

// "Nova ordem de serviço" runs the domain's osCreateBody through react-hook-form.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Nova OS', () => {
  it("empty or wrong fields: the domain's messages under them, nothing sent", async () => {
    const api = stubApi({
      '/api/users/me': { id: 1, nome: 'Coord', email: 'c@x.com', type: 'coordenador' },
    });
    const user = userEvent.setup();
    renderUi(<OsCreateModal opened onClose={() => {}} />);

    await user.type(screen.getByRole('textbox', { name: /^Latitude/ }), '-23,55');
    await user.type(screen.getByRole('textbox', { name: /^E-mail do cliente/ }), 'cliente@');
    await user.click(screen.getByRole('button', { name: 'Criar OS' }));

    expect(await screen.findByText('Informe o contrato.')).toBeTruthy();
    expect(screen.getByText('Informe o tipo de serviço.')).toBeTruthy();
    expect(screen.getByText('E-mail do cliente inválido.')).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/os')).toEqual([]);
  });
});
