import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { Protocol } from '@eproto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { ReviewState } from '../components/review-state.tsx';

// "Rejeitar" on the task page runs the domain's reviewRejectBody through react-hook-form.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const task = {
  id: 9,
  stage: 'em_revisao',
  review_status: 'pendente',
  review_requested_at: '2026-11-29T12:00:00.000Z',
  permissions: { review: true },
} as unknown as Protocol;

describe('ReviewState', () => {
  it("a two-letter reason shows the domain's message and rejects nothing", async () => {
    const api = stubApi({ 'PATCH /api/eproto/reviews/9/reject': task });
    const user = userEvent.setup();
    renderUi(<ReviewState task={task} />);

    await user.click(screen.getByRole('button', { name: 'Rejeitar' }));
    const box = await screen.findByRole('textbox', { name: /^O que precisa ser ajustado/ });
    await user.type(box, ' ok ');
    const dialog = screen.getByRole('dialog', { name: 'Rejeitar revisão' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(
      await screen.findByText('Informe o motivo da rejeição (pelo menos 3 caracteres).'),
    ).toBeTruthy();
    expect(api.bodies('PATCH', '/api/eproto/reviews/9/reject')).toEqual([]);

    await user.clear(box);
    await user.type(box, ' Faltou a foto do painel. ');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    await waitFor(() =>
      expect(api.bodies('PATCH', '/api/eproto/reviews/9/reject')).toEqual([
        { comment: 'Faltou a foto do painel.' },
      ]),
    );
  });
});
