import '../../../lib/zod-locale.ts';

import type { OsKmKind } from '@eproto/domain';
import { osKmBody } from '@eproto/domain';

import { isKmJump } from '../utils/km-jump.ts';

/** The km typed and the confirmation of a long trip, as the domain's osKmBody checks them. */
const kmFields = osKmBody.pick({ km: true, confirmar_km_alto: true });

export type KmCheck =
  | { ok: true; body: { km: number; confirmar_km_alto: boolean } }
  | { ok: false; errors: { km?: string; confirmar_km_alto?: string } };

/**
 * The vehicle km card's check, loaded at its first "Registrar" (os-km-card.tsx): the domain's
 * schema and zod stay out of the OS screen's first paint (issue 33).
 */
export function checkKm(
  input: { km: number | null; confirmar_km_alto: boolean },
  tipo: OsKmKind,
  saida: number | null,
): KmCheck {
  const r = kmFields
    .refine((v) => v.confirmar_km_alto || !isKmJump(tipo, saida, v.km), {
      path: ['confirmar_km_alto'],
      message: 'Confira o km ou confirme que está certo.',
    })
    .safeParse(input);
  if (r.success) return { ok: true, body: r.data };
  const errors: { km?: string; confirmar_km_alto?: string } = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0];
    if ((field === 'km' || field === 'confirmar_km_alto') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}
