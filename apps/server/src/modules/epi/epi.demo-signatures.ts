import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceDeps } from '../../deps.ts';
import { epiDeliveries, users } from '../../db/schema/index.ts';
import { demoSignaturePng } from '../tatico/png.ts';

/**
 * Demo deliveries are seeded as "signed on screen" without an image, because seeders run in a
 * transaction without the file storage. In demo mode, at start, each one gets a drawn-looking
 * signature PNG stored through deps.storage. Real signatures always arrive with their image,
 * so this finds nothing outside the demo.
 */
export async function backfillDemoSignatures(deps: Pick<ServiceDeps, 'database' | 'storage'>) {
  const db = deps.database.db;
  const rows = await db
    .select({ id: epiDeliveries.id, nome: users.nome })
    .from(epiDeliveries)
    .innerJoin(users, eq(users.id, epiDeliveries.colaboradorId))
    .where(and(eq(epiDeliveries.confirmacao, 'assinatura'), isNull(epiDeliveries.assinaturaKey)));
  for (const r of rows) {
    const key = await deps.storage.put('epi-assinaturas', 'png', demoSignaturePng(r.nome));
    await db
      .update(epiDeliveries)
      .set({ assinaturaKey: key })
      .where(and(eq(epiDeliveries.id, r.id), isNull(epiDeliveries.assinaturaKey)));
  }
  return rows.length;
}
