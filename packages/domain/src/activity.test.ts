import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity.ts';

describe('describeActivity', () => {
  it.each([
    ['login', null, 'Login'],
    ['login_failed', null, 'Falha de login'],
    ['logout', null, 'Logout'],
    ['POST /api/invites', null, 'Enviou o convite'],
    ['POST /api/users/:id/deactivate', 'Gisele Prado', 'Desativou o usuário Gisele Prado'],
    ['POST /api/eproto/murals', null, 'Criou a demanda'],
    [
      'PATCH /api/eproto/murals/:id/kanban',
      '#4 Troca do quadro',
      'Mudou a etapa da demanda #4 Troca do quadro',
    ],
    ['POST /api/eproto/murals/:id/messages', null, 'Escreveu mensagem na demanda'],
    ['DELETE /api/eproto/murals/:id/attachments/:attId', null, 'Excluiu anexo da demanda'],
    [
      'POST /api/solicitacoes/:id/status',
      '#12 (Material)',
      'Mudou o status da solicitação #12 (Material)',
    ],
    [
      'POST /api/support/tickets/:id/comments',
      '#3 Impressora',
      'Comentou no chamado #3 Impressora',
    ],
    ['POST /api/tatico/frota/veiculos/:id/checkout', 'ABC-1D23', 'Retirou o veículo ABC-1D23'],
    [
      'POST /api/tatico/epi/entregas/:id/assinatura',
      null,
      'Registrou a assinatura da entrega de EPI',
    ],
    [
      'POST /api/eproto/financeiro/murals/:id/send',
      '#9 Medição',
      'Enviou a demanda #9 Medição ao financeiro',
    ],
    ['DELETE /api/eproto/boards/:id', 'Obras', 'Excluiu o quadro Obras'],
    ['PATCH /api/eproto/coisas/:id', null, 'Editou o coisas'],
    ['algo_desconhecido', null, 'algo_desconhecido'],
  ])('%s (%s) -> %s', (action, name, expected) => {
    expect(describeActivity(action, null, name)).toBe(expected);
  });

  it('never says "Criou status em solicitação" or names an object by "#id" alone', () => {
    expect(describeActivity('POST /api/solicitacoes/:id/status')).toBe(
      'Mudou o status da solicitação',
    );
  });
});
