import {
  muralCountsResponse,
  muralSchema,
  muralSummaryResponse,
  type Mural,
  type MuralSummary,
} from '@eproto/domain';
import { describe, expect, it } from 'vitest';
import { serialize, serializeParsed } from '../../lib/read-cache.ts';
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

describe('the demand page and the counters (serializeParsed)', () => {
  it('give the same text the schema encoder gives (no codec or transform in their schemas)', () => {
    const page: Mural = {
      ...card,
      descricao: 'Trocar as lâmpadas do corredor',
      created_by: 3,
      created_by_nome: 'Rui Campos',
      finance_sent_at: '2026-11-20T10:00:00.000Z',
      finance_sent_by: 3,
      finance_viewed_at: null,
      finance_viewed_by: null,
      finance_done_at: null,
      finance_done_by: null,
      dias_uteis: true,
      permissions: {
        edit: true,
        move: true,
        message: true,
        upload: false,
        manage_participants: false,
        delete_any_attachment: false,
        edit_tasks: true,
      },
    };
    expect(serializeParsed(muralSchema, page)).toBe(serialize(muralSchema, page));
    const counts = [
      { id: 12, tasks: 4, messages: 9, attachments: 1, unread: true, unread_messages: 2 },
      { id: 13, tasks: 0, messages: 0, attachments: 0, unread: false, unread_messages: 0 },
    ];
    expect(serializeParsed(muralCountsResponse, counts)).toBe(
      serialize(muralCountsResponse, counts),
    );
  });
});
