import { describe, expect, it } from 'vitest';

import { isSignatureLongEnough, signatureInk, signatureStrokes } from './signature.ts';

const wave: [number, number][] = Array.from({ length: 41 }, (_, i) => [
  20 + i * 6,
  90 + Math.round(30 * Math.sin((20 + i * 6) / 18)),
]);

describe('signature ink', () => {
  it('accepts a hand signature and refuses a tap, a dot or a tiny scribble', () => {
    expect(isSignatureLongEnough([wave])).toBe(true);
    expect(isSignatureLongEnough([[[100, 80]]])).toBe(false);
    expect(isSignatureLongEnough([])).toBe(false);
    expect(
      isSignatureLongEnough([
        [
          [100, 80],
          [110, 90],
          [100, 100],
          [110, 80],
        ],
      ]),
    ).toBe(false);
    // Long but in one spot (scribbling over a dot) is not a signature either.
    const scribble: [number, number][] = Array.from({ length: 60 }, (_, i) => [
      100 + (i % 2) * 20,
      80 + (i % 3) * 5,
    ]);
    expect(signatureInk([scribble]).length).toBeGreaterThan(150);
    expect(isSignatureLongEnough([scribble])).toBe(false);
  });

  it('the API schema answers the Portuguese refusal', () => {
    const r = signatureStrokes.safeParse([[[10, 10]]]);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      'Assinatura muito curta. Assine com o dedo ou a caneta.',
    );
    expect(signatureStrokes.safeParse([wave]).success).toBe(true);
  });
});
