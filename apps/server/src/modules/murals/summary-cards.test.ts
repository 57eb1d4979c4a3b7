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
  unreadFor,
} from './summary-cards.ts';
import { summaryOf } from './murals.fixtures.ts';

const card = (id: number, over: Partial<MuralSummary> = {}): MuralSummary =>
  summaryOf({
    id,
    titulo: `Título "${id}" com \\ e ☂`,
    responsavel_id: 7,
    responsavel_nome: '"atrasada":false,"unread":false',
    fim_previsto: '2026-11-10',
    ...over,
  });

const ACTIVITY = { by: 9, at: new Date('2026-11-20T08:30:00.123Z') };
/** Card text with a last activity by someone else (person 9). */
const textOf = (c: MuralSummary, version: string) => cardText(c, version, ACTIVITY);
/** Page keys with their unread flags set as the service sets them. */
const pageOf = (keys: string, unread: number[] = []) =>
  parsePageKeys(keys).map((p) => ({ ...p, unread: unread.includes(p.id) }));

describe('summary card texts', () => {
  it('joins kept cards into the same JSON the whole list serialises to', () => {
    const cards = [card(1), card(2, { stage: 'concluido' }), card(3, { fim_previsto: null })];
    const texts = new Map(cards.map((c) => [c.id, textOf(c, `v${c.id}`)]));
    const page = pageOf('1.v1,2.v2,3.v3', [1, 3]);
    const today = '2026-11-26';
    const expected = cards.map((c, i) => ({
      ...c,
      unread: i !== 1,
      atrasada: c.stage !== 'concluido' && c.fim_previsto !== null && c.fim_previsto < today,
    }));
    expect(joinCards(page, texts, today).toString()).toBe(summaryJson(expected));
    expect(joinCards([], texts, today).toString()).toBe('[]');
    // A card gone between the two reads is left out.
    expect(joinCards(pageOf('9.x,2.v2'), texts, today).toString()).toBe(
      summaryJson([expected[1]!]),
    );
  });

  it('writes into a reused buffer the same bytes as a fresh join, whatever it held before', () => {
    const cards = [card(1), card(2, { stage: 'concluido' }), card(3, { fim_previsto: null })];
    const texts = new Map(cards.map((c) => [c.id, textOf(c, `v${c.id}`)]));
    const scratch = new Scratch();
    const today = '2026-11-26';
    const all = pageOf('1.v1,2.v2,3.v3', [1, 3]);
    const first = joinCards(all, texts, today, scratch);
    expect(first.toString()).toBe(joinCards(all, texts, today).toString());
    const one = pageOf('2.v2');
    // Shorter than the first: only its own bytes come back, none of the earlier body's.
    expect(joinCards(one, texts, today, scratch).toString()).toBe(
      joinCards(one, texts, today).toString(),
    );
    expect(joinCards([], texts, today, scratch).toString()).toBe('[]');
  });

  it('refuses a card that breaks the schema', () => {
    expect(() => textOf(card(1, { stage: 'outro' as MuralSummary['stage'] }), 'v')).toThrow();
  });

  it('keeps one version per demand within its byte budget, least recently used out first', () => {
    const one = textOf(card(1), 'a');
    const size = one.bytes.length + 'a'.length + 200;
    const cache = new CardTextCache(size * 3);
    for (const id of [1, 2, 3]) cache.set(id, textOf(card(id), 'a'));
    expect(cache.get(1, 'a')).toBeDefined(); // 1 is now the most recent
    cache.set(4, textOf(card(4), 'a'));
    expect(cache.get(2, 'a')).toBeUndefined();
    expect(cache.get(1, 'a')).toBeDefined();
    expect(cache.count).toBe(3);
    expect(cache.size).toBeLessThanOrEqual(size * 3);
    // A newer version replaces the older; the older is never answered again.
    cache.set(1, textOf(card(1, { titulo: 'Novo' }), 'b'));
    expect(cache.get(1, 'a')).toBeUndefined();
    expect(cache.get(1, 'b')!.bytes.toString()).toContain('Novo');
    expect(cache.count).toBe(3);
  });

  it('gives an ETag that follows versions, unread flags, the total and the day', () => {
    const e = pageEtag('1.a,2.b', pageOf('1.a,2.b', [2]), 2, '2026-11-26');
    expect(pageEtag('1.a,2.b', pageOf('1.a,2.b', [2]), 2, '2026-11-26')).toBe(e);
    for (const other of [
      pageEtag('1.a,2.b', pageOf('1.a,2.b', [1, 2]), 2, '2026-11-26'),
      pageEtag('1.a,2.b', pageOf('1.a,2.b'), 2, '2026-11-26'),
      pageEtag('1.c,2.b', pageOf('1.c,2.b', [2]), 2, '2026-11-26'),
      pageEtag('1.a,2.b', pageOf('1.a,2.b', [2]), 3, '2026-11-26'),
      pageEtag('1.a,2.b', pageOf('1.a,2.b', [2]), 2, '2026-11-27'),
    ])
      expect(other).not.toBe(e);
  });

  it('marks a card unread only for others than its last actor, until they view it after that', () => {
    const text = textOf(card(1), 'v');
    const at = ACTIVITY.at.getTime();
    expect(unreadFor(text, undefined, 5)).toBe(true); // never opened
    expect(unreadFor(text, at - 1, 5)).toBe(true); // opened before the activity
    expect(unreadFor(text, at, 5)).toBe(false); // same millisecond: seen
    expect(unreadFor(text, at + 1, 5)).toBe(false);
    expect(unreadFor(text, undefined, 9)).toBe(false); // the actor themself
    expect(unreadFor(cardText(card(2), 'v', { by: null, at: ACTIVITY.at }), undefined, 5)).toBe(
      false,
    );
  });
});
