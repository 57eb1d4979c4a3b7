import { addDaysTo, todayIn, weekStartOf } from '@eproto/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  contracts,
  costRates,
  epiDeliveries,
  epiItems,
  inventoryItems,
  serviceOrderMaterials,
  timesheetEntries,
  userContracts,
  vehicleFuelLogs,
  vehicleMaintenances,
  vehicles,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { holidaysBetween } from '../calendar/holidays.ts';
import { osMinutesByDay } from '../service-orders/service-order-hours.repo.ts';
import { createTimesheetsRepo } from '../timesheets/timesheets.repo.ts';

/**
 * Planning and money of the demo company (issue 36): hourly rates, the prices of consumables and
 * EPI (copied onto what OSs and deliveries already used), a year of approved timesheets with
 * the last three weeks waiting for approval, fuel and maintenance named to contracts. So "Custos", "Carga" and "Horas" open on figures, not zeros.
 * Runs after every other seeder: it prices what they created.
 */
export async function seedCosts(ctx: SeedContext): Promise<void> {
  const today = todayIn();
  await seedRates(ctx, today);
  await seedPrices(ctx);
  await seedTimesheets(ctx, today);
  await seedFleetCosts(ctx, today);
}

/**
 * Hourly rates of the demo people since 2024, and a raise of the field team five months ago.
 * Per person, not per function: a person added later starts without a rate, as the costs page
 * expects of someone nobody priced yet ("horas sem taxa").
 */
async function seedRates({ tx, people }: SeedContext, today: string) {
  const since = '2024-01-01';
  const raise = `${addDaysTo(today, -150).slice(0, 7)}-01`;
  const rate = (userId: number, valorHora: number, vigenteDesde = since) => ({
    userId,
    valorHora,
    vigenteDesde,
    createdBy: people.gerente,
  });
  await tx.insert(costRates).values([
    ...[people.equipe, people.equipe2, people.equipe4, people.equipe5].flatMap((id) => [
      rate(id, 46),
      rate(id, 49.5, raise),
    ]),
    // Bruno is the NR-10 electrician.
    rate(people.equipe3, 58),
    rate(people.equipe3, 62, raise),
    rate(people.coordenador, 88),
    rate(people.coordenador2, 84),
    rate(people.gerente, 135),
  ]);
}

/** Unit prices (R$) of the consumables and EPI the demo stocks. */
const CONSUMABLE_PRICES: Record<string, number> = {
  'CON-0101': 3.2,
  'CON-0102': 8.9,
  'CON-0103': 0.35,
  'CON-0104': 24.9,
  'CON-0105': 1.1,
};
const EPI_PRICES: Record<string, number> = {
  'Capacete de segurança classe B': 38.5,
  'Óculos de proteção incolor': 7.9,
  'Luva de vaqueta': 12.4,
  'Botina de segurança com biqueira': 119,
  'Protetor auricular tipo plug': 1.6,
  'Cinto de segurança paraquedista': 389,
  'Respirador PFF2': 4.5,
  'Luva isolante classe 0': 265,
};

/** Prices the catalogue, then what OSs and deliveries used before it had prices. */
async function seedPrices({ tx }: SeedContext) {
  for (const [codigo, custo] of Object.entries(CONSUMABLE_PRICES)) {
    await tx
      .update(inventoryItems)
      .set({ custoUnitario: custo })
      .where(eq(inventoryItems.codigo, codigo));
  }
  for (const [nome, custo] of Object.entries(EPI_PRICES)) {
    await tx.update(epiItems).set({ custoUnitario: custo }).where(eq(epiItems.nome, nome));
  }
  // One statement each: a line or delivery made before its item had a price takes it now.
  await tx
    .update(serviceOrderMaterials)
    .set({ custoUnitario: sql`${inventoryItems.custoUnitario}` })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.id, serviceOrderMaterials.itemId),
        isNull(serviceOrderMaterials.custoUnitario),
      ),
    );
  await tx
    .update(epiDeliveries)
    .set({ custoUnitario: sql`${epiItems.custoUnitario}` })
    .from(epiItems)
    .where(and(eq(epiItems.id, epiDeliveries.itemId), isNull(epiDeliveries.custoUnitario)));
}

/** What each kind of person writes in a day's note. */
const NOTES = {
  equipe: [
    'Manutenção preventiva',
    'Atendimento de chamado',
    'Inspeção de rotina',
    'Deslocamento entre unidades',
  ],
  coordenador: ['Planejamento da semana', 'Reunião com o cliente', 'Vistoria de obra'],
};

/**
 * Manual hours on the active contracts each person is linked to, every working day of the last
 * 52 weeks (holidays of the contract's city skipped): the field team ~7 h a day, coordinators
 * 2 h a contract. Weeks up to three weeks ago are approved (the coordinator approves the team,
 * the manager the coordinators); the last three wait for approval.
 */
async function seedTimesheets({ tx, people }: SeedContext, today: string) {
  const team = [people.equipe, people.equipe2, people.equipe3, people.equipe4, people.equipe5];
  const coords = [people.coordenador, people.coordenador2];
  const links = await tx
    .select({
      userId: userContracts.userId,
      contractId: contracts.id,
      inicio: contracts.inicio,
      fim: contracts.fim,
      uf: contracts.uf,
      municipio: contracts.municipio,
    })
    .from(userContracts)
    .innerJoin(contracts, eq(contracts.id, userContracts.contractId))
    .where(and(inArray(userContracts.userId, [...team, ...coords]), eq(contracts.status, 'ativo')))
    .orderBy(asc(userContracts.userId), asc(contracts.id));
  const thisWeek = weekStartOf(today);
  const first = addDaysTo(thisWeek, -52 * 7);
  const last = addDaysTo(today, -1);
  const holidays = new Map<number, Set<string>>();
  for (const l of links) {
    if (holidays.has(l.contractId)) continue;
    const days = holidaysBetween({ uf: l.uf, municipio: l.municipio }, first, last);
    holidays.set(l.contractId, new Set(days.map((d) => d.data)));
  }
  const rows: Array<typeof timesheetEntries.$inferInsert> = [];
  let n = 0;
  for (let day = first; day <= last; day = addDaysTo(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const userId of [...team, ...coords]) {
      const mine = links.filter(
        (l) =>
          l.userId === userId &&
          (!l.inicio || l.inicio <= day) &&
          (!l.fim || day <= l.fim) &&
          !holidays.get(l.contractId)?.has(day),
      );
      const field = team.includes(userId);
      mine.forEach((l, i) => {
        n++;
        // 7 h a day split over the contracts (the first takes the rest), with a little variation.
        const base = field ? Math.floor(420 / mine.length) : 120;
        const minutos = base + (field && i === 0 ? 420 % mine.length : 0) + ((n % 3) - 1) * 15;
        const notes = field ? NOTES.equipe : NOTES.coordenador;
        rows.push({
          userId,
          data: day,
          minutos,
          tipo: 'contrato',
          contractId: l.contractId,
          nota: notes[n % notes.length],
        });
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(timesheetEntries).values(rows.slice(i, i + 500));
  }
  const repo = createTimesheetsRepo(tx);
  const approvedUntil = addDaysTo(thisWeek, -3 * 7);
  const os = await osMinutesByDay(tx, {
    userIds: [...team, ...coords],
    from: first,
    to: addDaysTo(approvedUntil, -1),
    now: new Date(),
    timeZone: 'America/Sao_Paulo',
  });
  for (const userId of [...team, ...coords]) {
    for (let monday = first; monday < approvedUntil; monday = addDaysTo(monday, 7)) {
      const sunday = addDaysTo(monday, 6);
      const inWeek = (day: string) => day >= monday && day <= sunday;
      const minutos =
        rows
          .filter((r) => r.userId === userId && inWeek(r.data))
          .reduce((s, r) => s + r.minutos, 0) +
        os.filter((r) => r.user_id === userId && inWeek(r.dia)).reduce((s, r) => s + r.minutos, 0);
      if (minutos === 0) continue;
      await repo.approve({
        userId,
        semana: monday,
        by: coords.includes(userId) ? people.gerente : people.coordenador,
        minutos,
      });
    }
  }
}

/**
 * Fuel every ten days of the last year and a yearly service per vehicle, named to the
 * contract each vehicle serves, before the fuel the fleet seeder logged this month.
 */
async function seedFleetCosts({ tx, people }: SeedContext, today: string) {
  const active = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.status, 'ativo'))
    .orderBy(asc(contracts.id));
  const fleet = await tx
    .select({ id: vehicles.id, placa: vehicles.placa, km: vehicles.odometroKm })
    .from(vehicles)
    .where(inArray(vehicles.status, ['disponivel', 'em_uso']))
    .orderBy(asc(vehicles.placa));
  if (!active.length) return;
  const logs: Array<typeof vehicleFuelLogs.$inferInsert> = [];
  const services: Array<typeof vehicleMaintenances.$inferInsert> = [];
  fleet.forEach((v, i) => {
    const contractId = active[i % active.length]!.id;
    const ethanol = v.placa === 'RIO2A18';
    // 33 fills, 10 days apart, from 360 to 40 days ago, below the km of the fleet's own logs
    // (27 days back at most, at most 1,830 km under the odometer).
    const step = Math.min(480, Math.floor((v.km - 2_000) / 34));
    for (let k = 33; k >= 1; k--) {
      const litros = ethanol ? 40 + (k % 3) : 58 + (k % 4) * 3;
      const price = ethanol ? 4.19 : 6.09;
      logs.push({
        vehicleId: v.id,
        data: addDaysTo(today, -30 - k * 10),
        combustivel: ethanol ? 'etanol' : 'diesel',
        litros,
        valorTotal: Math.round(litros * price * 100) / 100,
        km: v.km - 2_000 - k * step,
        posto: k % 2 ? 'Posto Ipiranga BR-116' : 'Posto Shell Av. Brasil',
        contractId,
        createdBy: people.coordenador,
      });
    }
    services.push({
      vehicleId: v.id,
      tipo: 'preventiva',
      status: 'concluida',
      descricao: 'Revisão de 10.000 km: óleo, filtros e freios',
      previstaData: addDaysTo(today, -95 - i * 7),
      realizadaData: addDaysTo(today, -95 - i * 7),
      realizadaKm: v.km - 2_000 - 6 * step,
      fornecedor: 'Auto Center Campinas',
      custo: 780 + i * 65,
      contractId,
      createdBy: people.coordenador,
    });
  });
  await tx.insert(vehicleFuelLogs).values(logs);
  if (services.length) await tx.insert(vehicleMaintenances).values(services);
}
