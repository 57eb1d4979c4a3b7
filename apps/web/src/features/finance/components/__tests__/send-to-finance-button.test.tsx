import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { financeSendFields } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { expectSchemaLimit } from '../../../../test/schema-limit.ts';
import { SendToFinanceButton } from '../send-to-finance-button.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// "Enviar ao financeiro" checks its note with the domain's financeSendFields.

const item = {
  id: 31,
  titulo: 'Troca do quadro elétrico',
  finance_status: null,
  finance_permissions: { send: true, act: false },
};

describe('SendToFinanceButton', () => {
  it("a note past the schema's limit shows its message and sends nothing; a note goes trimmed", async () => {
    const api = stubApi({ 'GET /api/eproto/financeiro/murals/31': item });
    const user = userEvent.setup({ delay: null });
    renderUi(<SendToFinanceButton muralId={31} />);
    await user.click(await screen.findByRole('button', { name: 'Enviar ao financeiro' }));
    expectSchemaLimit(/^Observação para o financeiro/, financeSendFields, 'observacao');
    const box = screen.getByRole('textbox', { name: /^Observação para o financeiro/ });

    // A pasted text past maxLength (the attribute does not cut what a script sets).
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Observação com no máximo 1000 caracteres.')).toBeTruthy();
    expect(api.bodies('POST', '/api/eproto/financeiro/murals/31/send')).toEqual([]);

    await user.clear(box);
    await user.type(box, '  Faturar a medição de março ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/eproto/financeiro/murals/31/send')).toEqual([
        { observacao: 'Faturar a medição de março' },
      ]),
    );
  });
});
