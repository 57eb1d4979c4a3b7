import '../../test/setup-dom.ts';

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { renderUi } from '../../test/render.tsx';
import { PasswordStrengthMeter } from '../password-strength-meter.tsx';

const owner = { email: 'joana.prado@empresa.com.br', nome: 'Joana Prado' };
const LOAD = { timeout: 15_000 };

describe('PasswordStrengthMeter', () => {
  it('shows nothing while the field is empty', () => {
    renderUi(<PasswordStrengthMeter password="" owner={owner} />);
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it.each([
    ['senha123456', 'Senha comum ou fácil de adivinhar.', false],
    ['Prado#Verde-2026', 'A senha não pode conter seu e-mail ou seu nome.', false],
    ['Corvo#7x', 'A senha deve ter pelo menos 10 caracteres.', false],
    ['Corvo-Verde-Pipoca-42', null, true],
  ])(
    '%s',
    async (password, problem, ok) => {
      renderUi(<PasswordStrengthMeter password={password} owner={owner} />);
      const meter = await screen.findByRole('meter', { name: 'Força da senha' }, LOAD);
      const score = Number(meter.getAttribute('aria-valuenow'));
      expect(meter.getAttribute('aria-valuetext')).toBe(
        ['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte'][score],
      );
      if (problem) expect(screen.getByText(new RegExp(problem))).toBeTruthy();
      expect(screen.queryByText(/senha aceita/) !== null).toBe(ok);
      if (ok) expect(score).toBe(4);
    },
    20_000,
  );
});

describe('new password on /reset-password', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => vi.clearAllMocks());

  it('refuses a common password under the field without calling the API', async () => {
    renderUi(<ResetPasswordForm token={'t'.repeat(43)} email={owner.email} onDone={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Nova senha/), { target: { value: '1234567890' } });
    fireEvent.change(screen.getByLabelText(/Confirme a nova senha/), {
      target: { value: '1234567890' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    await screen.findAllByText(/Senha comum ou fácil de adivinhar/, undefined, LOAD);
    await waitFor(() => expect(screen.getByRole('meter')).toBeTruthy(), LOAD);
    expect(fetchMock).not.toHaveBeenCalled();
  }, 20_000);
});
