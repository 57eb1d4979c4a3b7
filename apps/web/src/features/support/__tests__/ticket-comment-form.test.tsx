import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { TicketCommentForm } from '../components/ticket-comment-form.tsx';

// A ticket's comment box runs the domain's ticketCommentBody through react-hook-form.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('TicketCommentForm', () => {
  it("a blank comment shows the domain's message and sends nothing; a comment goes trimmed", async () => {
    const api = stubApi({ 'POST /api/support/tickets/7/comments': { id: 7 } });
    const user = userEvent.setup();
    renderUi(<TicketCommentForm ticketId={7} />);
    const box = screen.getByRole('textbox', { name: 'Novo comentário' });

    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText('Escreva o comentário.')).toBeTruthy();
    expect(api.bodies('POST', '/api/support/tickets/7/comments')).toEqual([]);

    await user.clear(box);
    await user.type(box, ' O relatório voltou a abrir. ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(api.bodies('POST', '/api/support/tickets/7/comments')).toEqual([
        { texto: 'O relatório voltou a abrir.' },
      ]),
    );
    await waitFor(() => expect(box).toHaveProperty('value', ''));
  });
});
