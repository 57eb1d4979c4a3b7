import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { AssistantConversation } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { RenameModal } from '../rename-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// "Renomear conversa" runs the domain's assistantConversationRenameBody through react-hook-form.

const conversation = { id: 12, titulo: 'Estoque de luvas' } as AssistantConversation;

describe('RenameModal', () => {
  it("a blank name shows the domain's message and renames nothing; a name goes trimmed", async () => {
    const api = stubApi({ 'PATCH /api/ai/conversations/12': conversation });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<RenameModal conversation={conversation} onClose={onClose} />);
    const box = screen.getByRole('textbox', { name: /^Nome da conversa/ });
    expect(box).toHaveProperty('value', 'Estoque de luvas');

    await user.clear(box);
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o nome da conversa.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(api.bodies('PATCH', '/api/ai/conversations/12')).toEqual([]);

    await user.clear(box);
    await user.type(box, ' EPIs vencidos em março ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(() =>
      expect(api.bodies('PATCH', '/api/ai/conversations/12')).toEqual([
        { titulo: 'EPIs vencidos em março' },
      ]),
    );
  });
});
