import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import {
  osAddendumBody,
  osConcludeBody,
  osCreateBody,
  osSendReportBody,
  type OsDetail,
} from '@eproto/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { expectSchemaLimit } from '../../../../test/schema-limit.ts';
import { osFixture } from '../../test/os-fixture.ts';
import { ConcludeModal } from '../conclude-modal.tsx';
import { OsCreateModal } from '../os-create-modal.tsx';
import { OsReportCard } from '../os-report-card.tsx';

// jsdom draws nothing: the signature pad works on its strokes alone.
HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// Each text field of the OS forms stops at the limit of the body schema the server checks.
describe('OS forms take their text limits from the domain schemas', () => {
  it('Nova OS: local, e-mail and description', () => {
    stubApi({ '/api/users/me': { id: 1, nome: 'Coord', email: 'c@x.com', type: 'coordenador' } });
    renderUi(<OsCreateModal opened onClose={() => {}} />);
    expectSchemaLimit(/^Local/, osCreateBody, 'local');
    expectSchemaLimit(/^E-mail do cliente/, osCreateBody, 'cliente_email');
    expectSchemaLimit(/^Descrição/, osCreateBody, 'descricao');
  });

  it("the customer's acceptance: name, comment and the refusal's reason", async () => {
    stubApi();
    renderUi(<ConcludeModal os={osFixture({ pendencias: [] })} opened onClose={() => {}} />);
    expectSchemaLimit(/^Nome de quem assina/, osConcludeBody, 'cliente_nome');
    expectSchemaLimit(/^Comentário do cliente/, osConcludeBody, 'comentario');
    await userEvent.click(screen.getByRole('checkbox', { name: /se recusou a assinar/ }));
    expectSchemaLimit(/^Nome do responsável/, osConcludeBody, 'cliente_nome');
    expectSchemaLimit(/^Motivo da recusa/, osConcludeBody, 'recusa_motivo');
  });

  it("the conclusion's observations", () => {
    stubApi();
    renderUi(<ConcludeModal os={osFixture({ pendencias: [] })} opened onClose={() => {}} />);
    expectSchemaLimit(/^Observações do serviço/, osConcludeBody, 'observacoes');
  });

  it("the sealed report's e-mail and addendum", async () => {
    stubApi();
    const os = osFixture({
      status: 'concluida',
      selo: {
        selada_em: '2026-11-26T14:00:00.000Z',
        sha256: 'ab'.repeat(32),
        verificacao_codigo: 'K7Q2-M9XD-4TPA',
        verificacao_path: '/verificar/K7Q2-M9XD-4TPA',
      } as unknown as OsDetail['selo'],
      permissoes: { executar: true, gerenciar: true, adendo: true, enviar_relatorio: true },
    });
    renderUi(<OsReportCard os={os} role="gerente" />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ao cliente' }));
    await screen.findByRole('textbox', { name: /^E-mail do cliente/ }); // its form loads lazily
    expectSchemaLimit(/^E-mail do cliente/, osSendReportBody, 'email');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar adendo' }));
    await screen.findByRole('textbox', { name: /^Texto do adendo/ });
    expectSchemaLimit(/^Texto do adendo/, osAddendumBody, 'texto');
  });
});
