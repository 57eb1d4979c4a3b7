import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { CnhModal } from '../cnh-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// The CNH form runs the domain's cnhBody through react-hook-form.

const box = (name: RegExp) => screen.getByRole('textbox', { name });

describe('CnhModal', () => {
  it('a short number and an empty validity show the messages and save nothing', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderUi(<CnhModal userId={7} cnh={null} onClose={() => {}} />);

    await user.type(box(/^Número/), '123.456.789');
    expect(box(/^Número/)).toHaveProperty('value', '123456789');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O número da CNH tem 11 dígitos.')).toBeTruthy();
    expect(screen.getByText('Informe a validade da CNH.')).toBeTruthy();
    expect(api.bodies('PUT', '/api/tatico/sst/pessoas/7/cnh')).toEqual([]);
  });

  it('sends the dates typed as a Brazilian types them, the EAR ticked', async () => {
    const api = stubApi({ 'PUT /api/tatico/sst/pessoas/7/cnh': {} });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<CnhModal userId={7} cnh={null} onClose={onClose} />);

    await user.type(box(/^Número/), '01234567890');
    await user.type(box(/^Validade/), '15/03/2029');
    await user.type(box(/^Exame toxicológico/), '2/1/26');
    await user.click(screen.getByRole('checkbox', { name: /EAR/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('PUT', '/api/tatico/sst/pessoas/7/cnh')).toEqual([
      {
        numero: '01234567890',
        categoria: 'B',
        validade: '2029-03-15',
        ear: true,
        toxicologico_data: '2026-01-02',
      },
    ]);
  });
});
