import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  assetContractSettings,
  assets,
  assetTypes,
  contracts,
  maintenancePlans,
  osAssets,
  serviceOrders,
  serviceTypes,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

/**
 * Hospital São Lucas's preventive maintenance: the PMOC's building and responsible technician,
 * the team of the preventive OSs, a monthly plan for every split unit, and an open OS that
 * serves two split units of the 3rd floor of Bloco C (answered per asset on the phone).
 */
export async function seedAssetPlans({ tx, people }: SeedContext): Promise<void> {
  const [hsl] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.codigo, 'HSL-2025-014'))
    .limit(1);
  const [split] = await tx
    .select({ id: assetTypes.id })
    .from(assetTypes)
    .where(eq(assetTypes.nome, 'Ar-condicionado split'));
  const [pmoc] = await tx
    .select({ id: serviceTypes.id })
    .from(serviceTypes)
    .where(eq(serviceTypes.nome, 'Manutenção preventiva de ar-condicionado (PMOC)'));
  if (!hsl || !split || !pmoc) return;
  await tx.insert(assetContractSettings).values({
    contractId: hsl.id,
    horizonteDias: 30,
    equipe: [people.equipe, people.equipe2],
    horaInicio: 8,
    edificioNome: 'Hospital São Lucas',
    edificioEndereco: 'Av. Paulista, 1500, Bela Vista, São Paulo/SP',
    edificioUso: 'Hospitalar (uso coletivo)',
    rtNome: 'Eng. Marcos Tavares',
    rtRegistro: 'CREA-SP 5061234567',
    rtArt: 'ART 28027230251234567',
    updatedBy: people.coordenador,
  });
  await tx.insert(maintenancePlans).values({
    contractId: hsl.id,
    assetTypeId: split.id,
    serviceTypeId: pmoc.id,
    periodicidade: 'mensal',
    inicio: '2026-01-05',
    duracaoMin: 240,
    createdBy: people.coordenador,
  });
  const units = await tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.contractId, hsl.id), inArray(assets.tag, ['AC-C3-301', 'AC-C3-302'])));
  const [open] = await tx
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.contractId, hsl.id),
        eq(serviceOrders.serviceTypeId, pmoc.id),
        ne(serviceOrders.status, 'concluida'),
        ne(serviceOrders.status, 'cancelada'),
      ),
    )
    .orderBy(asc(serviceOrders.id))
    .limit(1);
  if (open && units.length > 0) {
    await tx
      .insert(osAssets)
      .values(units.map((u) => ({ serviceOrderId: open.id, assetId: u.id })));
  }
}
