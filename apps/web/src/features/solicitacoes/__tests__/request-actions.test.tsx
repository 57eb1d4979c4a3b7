import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { RequestDetail } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { RequestActions } from '../components/request-actions.tsx';

// The workflow step's comment runs the domain's transitionBody through react-hook-form.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const detail = {
  solicitacao: { id: 31, status: 'em_analise', solicitante: { id: 4, nome: 'Bruno Lima' } },
  acoes: ['aprovada', 'recusada'],
} as unknown as RequestDetail;

describe('RequestActions', () => {
  it("refusing without a reason shows the domain's message and sends nothing", async () => {
    const api = stubApi({ 'POST /api/solicitacoes/31/status': detail });
    const user = userEvent.setup();
    renderUi(<RequestActions detail={detail} />);

    await user.click(screen.getByRole('button', { name: 'Recusar' }));
    const reason = await screen.findByRole('textbox', { name: /^Motivo da recusa/ });
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Informe o motivo da recusa no comentário.')).toBeTruthy();
    expect(api.bodies('POST', '/api/solicitacoes/31/status')).toEqual([]);

    await user.type(reason, ' Fora do orçamento ');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/solicitacoes/31/status')).toEqual([
        { status: 'recusada', comentario: 'Fora do orçamento' },
      ]),
    );
  });

  it('an approval goes without a comment', async () => {
    const api = stubApi({ 'POST /api/solicitacoes/31/status': detail });
    const user = userEvent.setup();
    renderUi(<RequestActions detail={detail} />);

    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/solicitacoes/31/status')).toEqual([
        { status: 'aprovada', comentario: null },
      ]),
    );
  });
});
