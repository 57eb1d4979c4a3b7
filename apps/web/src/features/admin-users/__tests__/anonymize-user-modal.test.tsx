import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { AdminUser } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { AnonymizeUserModal } from '../components/anonymize-user-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// "Anonimizar dados pessoais" runs the domain's anonymizeUserBody through react-hook-form; the
// button waits for the person's name as shown.

const ana = { id: 8, nome: 'Ana Souza', active: false } as AdminUser;

describe('AnonymizeUserModal', () => {
  it('another name keeps the button off; the name (any case, spaces) goes trimmed', async () => {
    const api = stubApi({ 'POST /api/users/8/anonimizar': { ...ana, nome: 'Pessoa removida #8' } });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderUi(<AnonymizeUserModal user={ana} opened onClose={onClose} />);
    const box = screen.getByRole('textbox', { name: /^Digite o nome da pessoa/ });
    const button = screen.getByRole('button', { name: 'Anonimizar' });

    await user.type(box, 'Ana Sousa');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.submit(box.closest('form')!);
    await user.clear(box);
    await user.type(box, '  ana   SOUZA ');
    expect(button).toHaveProperty('disabled', false);
    expect(api.bodies('POST', '/api/users/8/anonimizar')).toEqual([]);

    await user.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/users/8/anonimizar')).toEqual([{ confirmacao: 'ana   SOUZA' }]);
  });

  it("a blank confirmation sent by Enter shows the domain's message and sends nothing", async () => {
    const api = stubApi();
    const user = userEvent.setup({ delay: null });
    renderUi(<AnonymizeUserModal user={{ ...ana, nome: ' ' }} opened onClose={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: /^Digite o nome da pessoa/ });
    await user.type(box, '   {Enter}');
    expect(await screen.findByText('Digite o nome da pessoa para confirmar.')).toBeTruthy();
    expect(api.bodies('POST', '/api/users/8/anonimizar')).toEqual([]);
  });
});
