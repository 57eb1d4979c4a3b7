import type { MuralSummary } from '@eproto/domain';
import { describe, expect, it } from 'vitest';
import { summaryJson } from './murals-list.service.ts';
import {
  cardText,
  CardTextCache,
  joinCards,
  pageEtag,
  parsePageKeys,
  Scratch,
} from './summary-cards.ts';

const card = (id: number, over: Partial<MuralSummary> = {}): MuralSummary => ({
  id,
  titulo: `Título "${id}" com \\ e ☂`,
  board_id: 3,
  board_nome: 'Operação',
  contract_id: null,
  contract_nome: null,
  prioridade: 'alta',
  stage: 'em_andamento',
  responsavel_id: 7,
  responsavel_nome: '"atrasada":false,"unread":false',
  responsavel_avatar: null,
  inicio_previsto: null,
  fim_previsto: '2026-11-10',
  inicio_real: null,
  fim_real: null,
  finance_status: null,
  recurrence_id: null,
  atrasada: false,
  unread: false,
  created_at: '2026-10-01T12:00:00.000Z',
  updated_at: '2026-11-20T08:30:00.000Z',
  ...over,
});

describe('summary card texts', () => {
  it('joins kept cards into the same JSON the whole list serialises to', () => {
    const cards = [card(1), card(2, { stage: 'concluido' }), card(3, { fim_previsto: null })];
    const texts = new Map(cards.map((c) => [c.id, cardText(c, `v${c.id}`)]));
    const page = parsePageKeys('11.v1,02.v2,13.v3');
    const today = '2026-11-26';
    const expected = cards.map((c, i) => ({
      ...c,
      unread: i !== 1,
      atrasada: c.stage !== 'concluido' && c.fim_previsto !== null && c.fim_previsto < today,
    }));
    expect(joinCards(page, texts, today).toString()).toBe(summaryJson(expected));
    expect(joinCards([], texts, today).toString()).toBe('[]');
    // A card gone between the two reads is left out.
    expect(joinCards(parsePageKeys('09.x,02.v2'), texts, today).toString()).toBe(
      summaryJson([expected[1]!]),
    );
  });

  it('writes into a reused buffer the same bytes as a fresh join, whatever it held before', () => {
    const cards = [card(1), card(2, { stage: 'concluido' }), card(3, { fim_previsto: null })];
    const texts = new Map(cards.map((c) => [c.id, cardText(c, `v${c.id}`)]));
    const scratch = new Scratch();
    const today = '2026-11-26';
    const all = parsePageKeys('11.v1,02.v2,13.v3');
    const first = joinCards(all, texts, today, scratch);
    expect(first.toString()).toBe(joinCards(all, texts, today).toString());
    const one = parsePageKeys('02.v2');
    // Shorter than the first: only its own bytes come back, none of the earlier body's.
    expect(joinCards(one, texts, today, scratch).toString()).toBe(
      joinCards(one, texts, today).toString(),
    );
    expect(joinCards([], texts, today, scratch).toString()).toBe('[]');
  });

  it('refuses a card that breaks the schema', () => {
    expect(() => cardText(card(1, { stage: 'outro' as MuralSummary['stage'] }), 'v')).toThrow();
  });

  it('keeps one version per demand within its byte budget, least recently used out first', () => {
    const one = cardText(card(1), 'a');
    const size = one.bytes.length + 'a'.length + 200;
    const cache = new CardTextCache(size * 3);
    for (const id of [1, 2, 3]) cache.set(id, cardText(card(id), 'a'));
    expect(cache.get(1, 'a')).toBeDefined(); // 1 is now the most recent
    cache.set(4, cardText(card(4), 'a'));
    expect(cache.get(2, 'a')).toBeUndefined();
    expect(cache.get(1, 'a')).toBeDefined();
    expect(cache.count).toBe(3);
    expect(cache.size).toBeLessThanOrEqual(size * 3);
    // A newer version replaces the older; the older is never answered again.
    cache.set(1, cardText(card(1, { titulo: 'Novo' }), 'b'));
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(1, 'b')!.bytes.toString()).toContain('Novo');
    expect(cache.count).toBe(3);
  });

  it('gives an ETag that follows versions, unread flags, the total and the day', () => {
    const e = pageEtag('01.a,12.b', 2, '2026-11-26');
    expect(pageEtag('01.a,12.b', 2, '2026-11-26')).toBe(e);
    for (const other of [
      pageEtag('11.a,12.b', 2, '2026-11-26'),
      pageEtag('01.c,12.b', 2, '2026-11-26'),
      pageEtag('01.a,12.b', 3, '2026-11-26'),
      pageEtag('01.a,12.b', 2, '2026-11-27'),
    ])
      expect(other).not.toBe(e);
  });
});
