import '../../../../test/setup-dom.ts';

import type { Profile } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { ProfileNameForm } from '../profile-name-form.tsx';

// "Nome" of Meus dados runs the domain's updateProfileBody through react-hook-form.

afterEach(() => vi.unstubAllGlobals());

const profile = { id: 1, nome: 'Ana Souza', email: 'ana@x.com' } as Profile;

describe('ProfileNameForm', () => {
  it("a one-letter name shows the domain's message and sends nothing; a name goes trimmed", async () => {
    const api = stubApi({ 'PATCH /api/profile': { ...profile, nome: 'Ana Maria Souza' } });
    const user = userEvent.setup();
    renderUi(<ProfileNameForm profile={profile} />);
    const nome = screen.getByRole('textbox', { name: 'Nome' });

    await user.clear(nome);
    await user.type(nome, 'A');
    await user.click(screen.getByRole('button', { name: 'Salvar nome' }));
    expect(await screen.findByText('Informe o nome completo.')).toBeTruthy();
    expect(api.bodies('PATCH', '/api/profile')).toEqual([]);

    await user.clear(nome);
    await user.type(nome, ' Ana Maria Souza ');
    await user.click(screen.getByRole('button', { name: 'Salvar nome' }));
    await waitFor(() =>
      expect(api.bodies('PATCH', '/api/profile')).toEqual([{ nome: 'Ana Maria Souza' }]),
    );
  });
});
