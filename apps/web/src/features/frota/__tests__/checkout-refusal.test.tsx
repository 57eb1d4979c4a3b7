import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { CheckoutModal } from '../components/checkout-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const REFUSAL = 'Check-out não permitido: Carla Souza está com a CNH vencida desde 10/11/2026.';

describe('vehicle check-out refused for an expired CNH', () => {
  it('shows the refusal under "Condutor" in the form, and the form stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const url = urlOf(input);
        if (url.startsWith('/api/tatico/pessoas')) {
          return Promise.resolve(jsonResponse({ items: [{ id: 7, nome: 'Carla Souza' }] }));
        }
        if (init?.method === 'POST') {
          return Promise.resolve(
            jsonResponse({ error: REFUSAL, code: 'CONFLICT', field: 'condutor_id' }, 409),
          );
        }
        return Promise.resolve(jsonResponse({}));
      }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(
      <CheckoutModal
        vehicle={{ id: 5, placa: 'ABC1D23', odometro_km: 1000 }}
        mode="checkout"
        onClose={onClose}
      />,
    );
    const condutor = await screen.findByLabelText(/Condutor/, { selector: 'input' });
    await user.click(condutor);
    await user.click(await screen.findByRole('option', { name: 'Carla Souza' }));
    await user.click(screen.getByRole('button', { name: 'Registrar saída' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText(REFUSAL)).toBeTruthy());
    expect(condutor.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
