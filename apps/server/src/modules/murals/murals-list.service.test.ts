import { muralSummaryResponse, type MuralSummary } from '@eproto/domain';
import { describe, expect, it } from 'vitest';
import { serialize } from '../../lib/read-cache.ts';
import { summaryJson } from './murals-list.service.ts';
import { summaryOf } from './murals.fixtures.ts';

const card = summaryOf({
  id: 12,
  titulo: 'Manutenção preventiva — Bloco A',
  responsavel_id: 7,
  responsavel_nome: 'Joana Prado',
  responsavel_avatar: '/api/users/7/avatar-image',
  inicio_previsto: '2026-11-02',
  unread: true,
});

describe('summary JSON', () => {
  it('is the same text the schema encoder gives (no codec or transform in the schema)', () => {
    const items = [card, { ...card, id: 13, contract_id: 4, contract_nome: 'Contrato 4' }];
    expect(summaryJson(items)).toBe(serialize(muralSummaryResponse, items));
  });

  it('drops fields the schema does not name and refuses a card that breaks it', () => {
    const extra = { ...card, descricao: 'não vai na lista' } as MuralSummary;
    expect(JSON.parse(summaryJson([extra]))[0]).not.toHaveProperty('descricao');
    expect(() => summaryJson([{ ...card, stage: 'outro' as MuralSummary['stage'] }])).toThrow();
  });
});
