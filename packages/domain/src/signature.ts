import { z } from 'zod';

/** Refusal of a tap or a tiny scribble, on the screen and from the API. */
export const SIGNATURE_TOO_SHORT = 'Assinatura muito curta. Assine com o dedo ou a caneta.';

/** Least ink (sum of stroke lengths, CSS px on the pad) a signature must have. */
export const SIGNATURE_MIN_INK = 150;
/** Least extent (the larger side of the box around all strokes, CSS px). */
export const SIGNATURE_MIN_SPAN = 60;

/** One stroke of the pen: the points it passed, [x, y] in CSS px from the pad's top left. */
export type SignatureStroke = [number, number][];

/** Ink length and extent of the strokes of a signature. */
export function signatureInk(strokes: readonly SignatureStroke[]) {
  let length = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of strokes) {
    for (let i = 0; i < s.length; i++) {
      const [x, y] = s[i]!;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
      if (i > 0) length += Math.hypot(x - s[i - 1]![0], y - s[i - 1]![1]);
    }
  }
  const span = Number.isFinite(minX) ? Math.max(maxX - minX, maxY - minY) : 0;
  return { length, span };
}

/** True when the strokes are a signature, not a tap or a tiny scribble. */
export function isSignatureLongEnough(strokes: readonly SignatureStroke[]): boolean {
  const { length, span } = signatureInk(strokes);
  return length >= SIGNATURE_MIN_INK && span >= SIGNATURE_MIN_SPAN;
}

const coordinate = z.number().finite().min(-10_000).max(10_000);

/** The strokes sent with a signature image; the server refuses too little ink. */
export const signatureStrokes = z
  .array(z.array(z.tuple([coordinate, coordinate])).max(3000), {
    error: SIGNATURE_TOO_SHORT,
  })
  .max(200, 'Assinatura com traços demais.')
  .refine((s) => s.reduce((n, t) => n + t.length, 0) <= 20_000, 'Assinatura com pontos demais.')
  .refine(isSignatureLongEnough, SIGNATURE_TOO_SHORT);

/** Where the signature was made, when the browser allowed it (optional). */
export const signaturePlace = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  precisao_m: z.number().nonnegative().max(100_000).nullish(),
});
export type SignaturePlace = z.infer<typeof signaturePlace>;

/** What is kept beside a signature image: when, on which device, where (if allowed). */
export const signatureRecord = z.object({
  em: z.string(),
  dispositivo: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  precisao_m: z.number().nullable(),
});
export type SignatureRecord = z.infer<typeof signatureRecord>;
