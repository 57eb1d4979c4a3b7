import { describe, expect, it } from 'vitest';
import {
  isDecision,
  REQUEST_STATUSES,
  REQUEST_TRANSITIONS,
  requestBody,
  transitionBody,
  transitionRefusal,
} from './requests.ts';

describe('request workflow', () => {
  it('allows exactly aberta -> em análise -> aprovada/recusada, aprovada -> atendida', () => {
    const allowed = REQUEST_STATUSES.flatMap((from) =>
      REQUEST_STATUSES.filter((to) => transitionRefusal(from, to, 'ok') === null).map(
        (to) => `${from}>${to}`,
      ),
    );
    expect(allowed.sort()).toEqual([
      'aberta>em_analise',
      'aprovada>atendida',
      'em_analise>aprovada',
      'em_analise>recusada',
    ]);
    expect(REQUEST_TRANSITIONS.atendida).toEqual([]);
  });

  it('explains refused steps in Portuguese', () => {
    expect(transitionRefusal('aberta', 'atendida', null)).toBe(
      'Uma solicitação aberta só pode passar para em análise.',
    );
    expect(transitionRefusal('em_analise', 'atendida', null)).toBe(
      'Uma solicitação em análise só pode passar para aprovada ou recusada.',
    );
    expect(transitionRefusal('recusada', 'aberta', null)).toBe(
      'Uma solicitação recusada não pode mais mudar de situação.',
    );
  });

  it('needs a reason to refuse', () => {
    expect(transitionRefusal('em_analise', 'recusada', '  ')).toBe(
      'Informe o motivo da recusa no comentário.',
    );
    expect(transitionRefusal('em_analise', 'recusada', 'sem verba')).toBeNull();
  });

  it('transitionBody refuses a refusal whose comment is blank, under the comment', () => {
    const blank = transitionBody.safeParse({ status: 'recusada', comentario: '   ' });
    expect(blank.error?.issues).toMatchObject([
      { path: ['comentario'], message: 'Informe o motivo da recusa no comentário.' },
    ]);
    expect(transitionBody.parse({ status: 'aprovada', comentario: ' ' })).toEqual({
      status: 'aprovada',
      comentario: null,
    });
  });

  it('treats approval and refusal as decisions', () => {
    expect(REQUEST_STATUSES.filter(isDecision)).toEqual(['aprovada', 'recusada']);
  });
});

describe('requestBody', () => {
  it('defaults urgency and needs a value only for reimbursements', () => {
    expect(
      requestBody.parse({ tipo: 'material', descricao: 'Cinco metros de cabo' }),
    ).toMatchObject({ urgencia: 'media', contract_id: null, valor: null });
    expect(requestBody.safeParse({ tipo: 'reembolso', descricao: 'Pedágio da BR' }).success).toBe(
      false,
    );
    expect(
      requestBody.safeParse({ tipo: 'reembolso', descricao: 'Pedágio da BR', valor: 12.3 }).success,
    ).toBe(true);
    expect(
      requestBody.safeParse({ tipo: 'reembolso', descricao: 'Pedágio da BR', valor: -1 }).success,
    ).toBe(false);
  });
});
