import {
  addDaysTo,
  hoursDueDates,
  nextWorkingDay,
  osCode,
  planDueDates,
  roleOf,
  siteText,
  startOfDayInZone,
  todayIn,
} from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../deps.ts';
import { calendarsOfContracts } from '../calendar/calendar.service.ts';
import type { AgendaService } from '../agenda/agenda.service.ts';
import { createServiceOrdersRepo } from '../service-orders/service-orders.repo.ts';
import { createOsKit } from '../service-orders/service-orders.service.ts';
import { createOsAssetsRepo } from '../service-orders/os-assets.repo.ts';
import { createServiceTypesRepo } from '../service-orders/service-types.repo.ts';
import {
  createAssetPlansRepo,
  type OccurrenceInsert,
  type PlanRow,
  type SettingsRow,
} from './assets-plans.repo.ts';

/** What plan generation runs on; the agenda is the one buildServices made. */
type Deps = Pick<ServiceDeps, 'database' | 'config' | 'events' | 'access' | 'notifications'> & {
  agenda: AgendaService;
};
type AssetRow = Awaited<ReturnType<ReturnType<typeof createAssetPlansRepo>['coveredAssets']>>[0];

interface Pending {
  occurrenceId: number;
  plan: PlanRow;
  asset: AssetRow;
  dia: string;
}

/** One OS per contract, checklist, building + floor and working day. */
function groupKey(p: Pending) {
  return JSON.stringify([
    p.plan.serviceTypeId,
    (p.asset.predio ?? '').trim().toUpperCase(),
    (p.asset.andar ?? '').trim().toUpperCase(),
    p.dia,
  ]);
}

/** "Bloco C · 3º andar" (the room is per asset; the OS is for the floor). */
function placeOf(a: AssetRow): string {
  return siteText({ predio: a.predio, andar: a.andar, sala: null });
}

/**
 * Opens the preventive OSs of every contract with active plans for the due dates inside its
 * horizon (default 30 days). Exactly once per (plan, asset, due date): the rows of
 * `plan_occurrences` carry a unique key and are written in the same transaction as the OS, so
 * a second run, a retried job or another node finds them there and opens nothing.
 * Returns how many OSs and due dates it opened.
 */
export async function runPlanGeneration(deps: Deps, now = new Date()) {
  const db = deps.database.db;
  const contractIds = await createAssetPlansRepo(db).contractsWithActivePlans();
  let oss = 0;
  let vencimentos = 0;
  const published: Array<() => Promise<void>> = [];
  const entries: number[] = [];
  for (const contractId of contractIds) {
    const r = await db.transaction((tx) => generateContract(deps, tx, contractId, now));
    oss += r.oss;
    vencimentos += r.vencimentos;
    published.push(r.publish);
    entries.push(...r.entries);
  }
  for (const p of published) await p();
  if (entries.length > 0) await deps.agenda.changed({ entryIds: entries });
  return { oss, vencimentos };
}

/**
 * Generates one contract's horizon (the caller holds the transaction). The contract's advisory
 * lock makes the hourly job, another node and "Gerar OSs agora" take turns, and the unique keys
 * of `plan_occurrences` make the second of them open nothing. With `existing`, it also says how
 * many due dates of the horizon (and their OSs) were already there.
 */
export async function generateContract(
  deps: Deps,
  tx: DbOrTx,
  contractId: number,
  now: Date,
  opts: { existing?: boolean } = {},
) {
  const tz = deps.config.COMPANY_TIME_ZONE;
  const repo = createAssetPlansRepo(tx);
  await repo.lockContract(contractId);
  const settings = await repo.settings(contractId);
  const horizon = settings?.horizonteDias ?? 30;
  const today = todayIn(tz, now);
  const until = addDaysTo(today, horizon);
  // The contract's working calendar: weekends, holidays of its state and city, days off.
  const calendar = (await calendarsOfContracts(tx, [contractId])).get(contractId)!;
  const wanted: OccurrenceInsert[] = [];
  const byKey = new Map<string, { plan: PlanRow; asset: AssetRow }>();
  for (const plan of await repo.activePlans(contractId)) {
    const covered = await repo.coveredAssets(plan);
    if (plan.periodicidade === 'horas') {
      // Dates projected from each asset's hour meter, keyed by the meter's hours: a reading
      // that moves the projection never opens a second OS for the same multiple.
      const readings = await repo.readingsOf(covered.map((a) => a.id));
      for (const asset of covered) {
        const dues = hoursDueDates(
          plan.intervaloHoras ?? 0,
          readings.get(asset.id) ?? [],
          today,
          until,
        );
        for (const d of dues) {
          wanted.push({
            planId: plan.id,
            assetId: asset.id,
            vencimento: d.vencimento,
            dia: nextWorkingDay(calendar, d.vencimento),
            horasAlvo: d.horas_alvo,
          });
        }
        byKey.set(`${plan.id}:${asset.id}`, { plan, asset });
      }
      continue;
    }
    const dues = planDueDates(
      {
        periodicidade: plan.periodicidade,
        intervalo_dias: plan.intervaloDias,
        inicio: plan.inicio,
      },
      today,
      until,
    );
    for (const asset of covered) {
      for (const vencimento of dues) {
        wanted.push({
          planId: plan.id,
          assetId: asset.id,
          vencimento,
          dia: nextWorkingDay(calendar, vencimento),
        });
        byKey.set(`${plan.id}:${asset.id}`, { plan, asset });
      }
    }
  }
  const created = await repo.insertOccurrences(wanted);
  const existing = opts.existing
    ? await repo.existingOccurrences(wanted, created)
    : { vencimentos: 0, oss: 0 };
  const groups = new Map<string, Pending[]>();
  for (const o of created) {
    const { plan, asset } = byKey.get(`${o.planId}:${o.assetId}`)!;
    const p: Pending = { occurrenceId: o.id, plan, asset, dia: o.dia };
    const k = groupKey(p);
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  const publishes: Array<() => Promise<void>> = [];
  const opened: Array<{ id: number; codigo: string; dia: string }> = [];
  const entries: number[] = [];
  for (const group of groups.values()) {
    const r = await openOs(deps, tx, contractId, settings, group, now);
    publishes.push(r.publish);
    opened.push(r.os);
    entries.push(...r.entries);
  }
  return {
    oss: groups.size,
    /** The agenda entries opened and those whose conflicts moved with them (agenda.changed). */
    entries,
    vencimentos: created.length,
    abertas: opened.sort((a, b) => a.dia.localeCompare(b.dia) || a.id - b.id),
    existentes: existing,
    horizonte: horizon,
    ate: until,
    publish: async () => {
      for (const p of publishes) await p();
    },
  };
}

async function openOs(
  deps: Deps,
  tx: DbOrTx,
  contractId: number,
  settings: SettingsRow | undefined,
  group: Pending[],
  now: Date,
) {
  const tz = deps.config.COMPANY_TIME_ZONE;
  const first = group[0]!;
  const plan = first.plan;
  const r = createServiceOrdersRepo(tx);
  const repo = createAssetPlansRepo(tx);
  const version = await createServiceTypesRepo(tx).latestVersion(plan.serviceTypeId);
  const tipo = await createServiceTypesRepo(tx).byId(plan.serviceTypeId);
  const people = await r.activeUsers(settings?.equipe ?? []);
  let team = people.map((p) => p.id);
  const [creator] = await r.activeUsers(plan.createdBy ? [plan.createdBy] : []);
  const author = creator?.id ?? team[0] ?? null;
  const start = new Date(
    startOfDayInZone(first.dia, tz).getTime() + (settings?.horaInicio ?? 8) * 3_600_000,
  );
  const minutes = Math.max(...group.map((g) => g.plan.duracaoMin));
  const end = new Date(start.getTime() + minutes * 60_000);
  const tags = group.map((g) => g.asset.tag);
  const local = placeOf(first.asset);
  const descricao = `Preventiva — ${tipo?.nome ?? 'plano'}: ${tags.length} ${
    tags.length === 1 ? 'ativo' : 'ativos'
  } (${tags.join(', ')})`.slice(0, 2000);
  const entry = await deps.agenda.entryForOs(
    tx,
    {
      inicio: start,
      fim: end,
      local,
      latitude: null,
      longitude: null,
      contractId,
      muralId: null,
      vehicleId: null,
      descricao: descricao.slice(0, 200),
      createdBy: author as number,
    },
    team,
  );
  const ano = Number(first.dia.slice(0, 4));
  const numero = await r.nextNumber(ano);
  const row = await r.insert({
    codigo: osCode(ano, numero),
    ano,
    numero,
    contractId,
    serviceTypeId: plan.serviceTypeId,
    versionId: version!.id,
    agendaEntryId: entry.id,
    local,
    descricao,
    previstoInicio: start,
    previstoFim: end,
    createdBy: null,
  });
  // The team passes the same SST gate as a hand-made OS; refused, the OS opens without it
  // and its history says why (gestão assigns people who may do the work).
  let semEquipe: string | null =
    team.length === 0 ? 'defina a equipe das preventivas do contrato' : null;
  if (author !== null && team.length > 0) {
    try {
      const actor = { id: author, type: roleOf(creator?.role ?? people[0]!.role) };
      await deps.access.assignOs({ tx, os: row, actor, teamIds: team, liberacaoSst: null });
      await r.addPeople(row.id, team, author, now);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      semEquipe = err.message;
      team = [];
    }
  }
  await createOsAssetsRepo(tx).linkAssets(
    row.id,
    group.map((g) => g.asset.id),
  );
  await repo.setOccurrenceOs(
    group.map((g) => g.occurrenceId),
    row.id,
  );
  await r.insertEvent({
    serviceOrderId: row.id,
    tipo: 'criada',
    status: 'aberta',
    userId: null,
    em: now,
    texto:
      semEquipe === null
        ? `Aberta pelo plano de manutenção #${plan.id}.`
        : `Aberta pelo plano de manutenção #${plan.id} sem equipe: ${semEquipe}`.slice(0, 2000),
  });
  // The OS's last write in this transaction: the version its 'service-order.changed' carries.
  const saved = await r.touch(row.id);
  const notified = await deps.notifications.notify(
    {
      userIds: team,
      type: 'os_assigned',
      authorId: null,
      customText: `Preventiva ${row.codigo}: ${local}, ${tags.length} ${
        tags.length === 1 ? 'ativo' : 'ativos'
      }.`,
      link: `/tatico/agenda/os/${row.id}`,
    },
    tx,
  );
  return {
    /**
     * After the commit: the team's notifications, then 'service-order.changed' with the OS's
     * version, as a hand-made OS (the OS lists and the team's agendas ask since their cursors).
     */
    publish: async () => {
      await notified();
      await createOsKit(deps).changed(row.id, saved);
    },
    os: { id: row.id, codigo: row.codigo, dia: first.dia },
    entries: entry.changed,
  };
}
