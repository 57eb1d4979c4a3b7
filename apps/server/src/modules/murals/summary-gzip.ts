import { constants, crc32, deflateRawSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { writeCard, type PlacedCard, type Scratch } from './summary-cards.ts';

/**
 * The gzip form of a demand list page built from compressed runs of cards kept per node, so a
 * page whose cards were listed before costs a few lookups instead of compressing ~560 KB
 * (~0.5 ms of CPU per 1,000 cards at level 1). The page is cut into runs where a card's id says
 * so (content-defined: a card moved to the top changes the runs around it, not all after it).
 * Each run is raw deflate ending in a sync flush, compressed with the run before it as its
 * dictionary, which is exactly what precedes it in the body, so back-references across runs
 * stay valid and the output is about the size of one gzip of the whole body. Runs are kept by
 * their cards (id, version, per-request fields) and the run before them; the gzip trailer's
 * CRC-32 is combined from the runs' own.
 */

/** Cards per run at least and at most; between them a run ends after 1 card in 64 by id. */
const MIN_RUN = 16;
const MAX_RUN = 128;
/** Deflate's window: a dictionary longer than this is never referenced. */
const WINDOW = 32_768;
/** Map entry and key overhead counted per kept run besides its bytes. */
const RUN_OVERHEAD = 200;

// Fixed gzip header (no name, no time, unknown OS) and the closing ']' as a final block.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const CLOSE = Buffer.from(']');
const CLOSE_DEFLATED = deflateRawSync(CLOSE, { level: 1 });
const CLOSE_CRC = crc32(CLOSE);

interface Run {
  /** Key of the run it was compressed after ('' for the first). */
  prev: string;
  deflated: Buffer;
  crc: number;
  length: number;
}

/** Compressed runs by their cards, least recently used out first within a byte budget. */
export class RunCache {
  private readonly runs: LRUCache<string, Run>;

  constructor(readonly maxBytes: number) {
    this.runs = new LRUCache({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (run, key) =>
        run.deflated.length + key.length * 2 + run.prev.length * 2 + RUN_OVERHEAD,
    });
  }

  /** The run kept for these cards when it was compressed after the run keyed `prev`. */
  get(key: string, prev: string): Run | undefined {
    // peek first: only a run compressed after the same predecessor counts as used.
    const hit = this.runs.peek(key);
    if (!hit || hit.prev !== prev) return undefined;
    this.runs.get(key);
    return hit;
  }

  set(key: string, run: Run): void {
    this.runs.set(key, run);
  }

  /** Kept bytes (runs, keys and a fixed overhead per run). */
  get size(): number {
    return this.runs.calculatedSize;
  }
}

/** Where each run ends (exclusive indexes into `cards`). */
export function runEnds(cards: PlacedCard[]): number[] {
  const ends: number[] = [];
  let start = 0;
  for (let i = 0; i < cards.length; i++) {
    const n = i - start + 1;
    const cut = n >= MIN_RUN && Math.imul(cards[i]!.id, 0x9e3779b1) >>> 26 === 0;
    if (n >= MAX_RUN || cut) {
      ends.push(i + 1);
      start = i + 1;
    }
  }
  if (start < cards.length) ends.push(cards.length);
  return ends;
}

/** The body bytes of cards[from, to): '[' or ',' before the first, ',' between. */
function runBytes(cards: PlacedCard[], from: number, to: number, scratch: Scratch): Buffer {
  let length = 0;
  for (let i = from; i < to; i++) length += 1 + cards[i]!.length;
  const out = scratch.take(length);
  let at = 0;
  for (let i = from; i < to; i++) {
    out[at++] = i === 0 ? 0x5b : 0x2c;
    at = writeCard(out, at, cards[i]!);
  }
  return out;
}

/** The gzip of `[cards...]` (a non-empty page), from kept runs where it can. */
export function gzipCards(
  cards: PlacedCard[],
  runs: RunCache,
  scratch: { run: Scratch; dictionary: Scratch },
): Buffer {
  const parts: Buffer[] = [HEADER];
  let size = HEADER.length;
  let crc = 0;
  let length = 0;
  let prev = '';
  let prevFrom = 0;
  let from = 0;
  for (const to of runEnds(cards)) {
    let key = from === 0 ? '[' : ',';
    for (let i = from; i < to; i++) key += cards[i]!.key;
    let run = runs.get(key, prev);
    if (!run) {
      const dictionary =
        from === 0 ? undefined : lastBytes(runBytes(cards, prevFrom, from, scratch.dictionary));
      const raw = runBytes(cards, from, to, scratch.run);
      run = {
        prev,
        deflated: deflateRawSync(raw, {
          level: 1,
          finishFlush: constants.Z_SYNC_FLUSH,
          ...(dictionary ? { dictionary } : {}),
        }),
        crc: crc32(raw),
        length: raw.length,
      };
      runs.set(key, run);
    }
    parts.push(run.deflated);
    size += run.deflated.length;
    crc = crc32Combine(crc, run.crc, run.length);
    length += run.length;
    prev = key;
    prevFrom = from;
    from = to;
  }
  crc = crc32Combine(crc, CLOSE_CRC, CLOSE.length);
  length += CLOSE.length;
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(CLOSE_DEFLATED, trailer);
  return Buffer.concat(parts, size + CLOSE_DEFLATED.length + 8);
}

const lastBytes = (b: Buffer) => (b.length > WINDOW ? b.subarray(b.length - WINDOW) : b);

// CRC-32 of two strings joined, from the CRC of each and the second's length (zlib's
// crc32_combine: multiply by x^(8·len) modulo the polynomial).
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N = (() => {
  const t = new Uint32Array(32);
  let p = 0x40000000; // x^1
  t[0] = p;
  for (let k = 1; k < 32; k++) t[k] = p = multModP(p, p);
  return t;
})();

function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** CRC-32 of A followed by B, given CRC(A), CRC(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
