import { inArray } from 'drizzle-orm';
import {
  serviceTypes,
  sstActivityTypes,
  sstServiceTypeRequirements,
  vehicles,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

/** Which demo service type requires which SST activity type. */
const SERVICE_TYPE_REQUIREMENTS: ReadonlyArray<[serviceType: string, activityType: string]> = [
  // Condensers on roofs and façades: work at height.
  ['Manutenção preventiva de ar-condicionado (PMOC)', 'Trabalho em altura'],
  ['Inspeção de quadro elétrico (NR-10)', 'Serviço em eletricidade'],
];

/** CNH category each demo vehicle requires of its driver (the Master van needs C). */
const VEHICLE_CATEGORIES: Record<string, 'B' | 'C'> = {
  RIO2A18: 'B',
  QTP4821: 'B',
  BRA3C45: 'B',
  KXD7390: 'C',
  SPA5E07: 'B',
  MGA1B22: 'B',
  HJK2045: 'B',
  PRT9F31: 'B',
};

/**
 * Demo SST of service orders (runs after the fleet, SST and service orders seeders): two
 * service types with requirements and the CNH category of the demo vehicles.
 */
export async function seedSstServiceOrders({ tx, people }: SeedContext): Promise<void> {
  // One after the other: a transaction is one connection (pg deprecates concurrent queries).
  const types = await tx
    .select({ id: serviceTypes.id, nome: serviceTypes.nome })
    .from(serviceTypes);
  const activities = await tx
    .select({ id: sstActivityTypes.id, nome: sstActivityTypes.nome })
    .from(sstActivityTypes);
  const links = SERVICE_TYPE_REQUIREMENTS.flatMap(([st, at]) => {
    const s = types.find((x) => x.nome === st);
    const a = activities.find((x) => x.nome === at);
    return s && a ? [{ serviceTypeId: s.id, activityTypeId: a.id, updatedBy: people.gerente }] : [];
  });
  if (links.length) await tx.insert(sstServiceTypeRequirements).values(links);
  for (const cat of ['B', 'C'] as const) {
    const plates = Object.keys(VEHICLE_CATEGORIES).filter((p) => VEHICLE_CATEGORIES[p] === cat);
    await tx.update(vehicles).set({ categoriaCnh: cat }).where(inArray(vehicles.placa, plates));
  }
}
