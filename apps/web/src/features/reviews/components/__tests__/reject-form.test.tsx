import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { ReviewItem } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { RejectModal } from '../reject-modal.tsx';

// "Rejeitar revisão" runs the domain's reviewRejectBody through react-hook-form.

const item = { id: 4, titulo: 'Trocar disjuntor' } as ReviewItem;

describe('RejectModal', () => {
  it("a two-letter reason shows the domain's message and rejects nothing; a reason goes trimmed", async () => {
    const onReject = vi.fn();
    const user = userEvent.setup();
    renderUi(<RejectModal item={item} onClose={() => {}} onReject={onReject} />);
    const box = screen.getByRole('textbox', { name: /O que precisa ser ajustado/ });

    await user.type(box, 'ok');
    await user.click(screen.getByRole('button', { name: 'Rejeitar' }));
    expect(
      await screen.findByText('Informe o motivo da rejeição (pelo menos 3 caracteres).'),
    ).toBeTruthy();
    expect(onReject).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, ' Faltou a foto do painel ');
    await user.click(screen.getByRole('button', { name: 'Rejeitar' }));
    await waitFor(() => expect(onReject).toHaveBeenCalledWith(item, 'Faltou a foto do painel'));
  });
});
