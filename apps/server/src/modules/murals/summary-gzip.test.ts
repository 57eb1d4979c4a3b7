import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import type { MuralSummary } from '@eproto/domain';
import { describe, expect, it } from 'vitest';
import {
  cardText,
  joinPlaced,
  parsePageKeys,
  placeCards,
  Scratch,
  type CardText,
} from './summary-cards.ts';
import { crc32Combine, gzipCards, RunCache, runEnds } from './summary-gzip.ts';
import { summaryOf } from './murals.fixtures.ts';

const TITLES = ['Manutenção preventiva', 'Laudo de SPDA', 'Troca de disjuntor', 'Vistoria NR-10'];

const card = (id: number, version = 'v'): MuralSummary =>
  summaryOf({
    id,
    titulo: `${TITLES[id % 4]} — Bloco ${String.fromCharCode(65 + (id % 7))} #${id} ${version}`,
    board_id: 6,
    board_nome: 'Operação em larga escala',
    contract_id: 6,
    contract_nome: 'Contrato de carga 1',
    stage: id % 5 === 0 ? 'concluido' : 'a_fazer',
    responsavel_id: 1000 + (id % 13),
    responsavel_nome: `Pessoa ${id % 13} da Silva`,
    inicio_previsto: '2026-10-27',
    fim_previsto: id % 3 === 0 ? '2026-11-20' : '2026-12-10',
    created_at: '2026-09-22T19:37:01.220Z',
    updated_at: '2026-10-12T19:37:01.220Z',
  });

const today = '2026-11-26';

/** Kept texts and a page of the given ids (unread for ids divisible by 4). */
function pageOf(ids: number[], versions: Map<number, string> = new Map()) {
  const texts = new Map<number, CardText>();
  for (const id of ids) {
    const v = versions.get(id) ?? 'v';
    texts.set(id, cardText(card(id, v), v, { by: 1, at: new Date(0) }));
  }
  const page = parsePageKeys(ids.map((id) => `${id}.${versions.get(id) ?? 'v'}`).join(','));
  for (const p of page) p.unread = p.id % 4 === 0;
  return placeCards(page, texts, today);
}

const scratch = () => ({ run: new Scratch(), dictionary: new Scratch() });
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('summary gzip from kept runs', () => {
  it('combines CRC-32s as zlib computes them over the joined bytes', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [7, 100_000],
      [40_000, 3],
      [1234, 56_789],
    ] as const) {
      const x = randomBytes(a);
      const y = randomBytes(b);
      expect(crc32Combine(crc32(x), crc32(y), b)).toBe(crc32(Buffer.concat([x, y])));
    }
  });

  it('gives a gzip whose content is byte for byte the joined page, for pages of any size', () => {
    const runs = new RunCache(8 * 1_048_576);
    for (const n of [1, 15, 16, 17, 64, 129, 300, 1000]) {
      const cards = pageOf(range(1, n));
      const zipped = gzipCards(cards, runs, scratch());
      expect(gunzipSync(zipped).equals(joinPlaced(cards))).toBe(true);
      // The same page again: all runs kept, the very same bytes.
      expect(gzipCards(cards, runs, scratch()).equals(zipped)).toBe(true);
    }
  });

  it('stays about as small as one gzip of the whole body', () => {
    const cards = pageOf(range(1, 1000));
    const zipped = gzipCards(cards, new RunCache(8 * 1_048_576), scratch());
    const whole = gzipSync(joinPlaced(cards), { level: 1 });
    expect(zipped.length).toBeLessThan(whole.length * 1.15);
  });

  it('compresses again only the runs around a change when a card moves to the top', () => {
    const runs = new RunCache(8 * 1_048_576);
    const ids = range(1, 1000);
    gzipCards(pageOf(ids), runs, scratch());
    const kept = runs.size;
    // Card 500 changes (new version) and moves to the top, as a sort by updated_at does.
    const moved = [500, ...ids.filter((id) => id !== 500)];
    const cards = pageOf(moved, new Map([[500, 'w']]));
    const runsBefore = runEnds(cards).length;
    const zipped = gzipCards(cards, runs, scratch());
    expect(gunzipSync(zipped).equals(joinPlaced(cards))).toBe(true);
    // New runs: the first two (the moved card and the run after it, whose dictionary changed)
    // and the two around where it left; the rest were reused.
    const added = runs.size - kept;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan((kept / runsBefore) * 6);
  });

  it('keeps runs within its byte budget and still answers right when they are gone', () => {
    const runs = new RunCache(20_000);
    const cards = pageOf(range(1, 600));
    const zipped = gzipCards(cards, runs, scratch());
    expect(runs.size).toBeLessThanOrEqual(20_000);
    expect(gunzipSync(gzipCards(cards, runs, scratch())).equals(gunzipSync(zipped))).toBe(true);
  });
});
