import { eq } from 'drizzle-orm';
import {
  describeRecurrence,
  nextInstance,
  shiftDate,
  todayIn,
  type RecurrenceRule,
} from '@eproto/domain';
import {
  muralHistory,
  muralParticipants,
  murals,
  protocols,
  recurrenceInstances,
  recurrences,
} from '../../db/schema/index.ts';
import type { DemoKey } from '../../seed/demo-users.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

interface DemoSeries {
  board: string;
  contract: string | null;
  titulo: string;
  descricao: string;
  owner: DemoKey;
  resp: DemoKey;
  participants: DemoKey[];
  rule: Omit<RecurrenceRule, 'data_inicio'>;
  /** First instance date from today's date. */
  start: (today: string) => string;
  /** Days from an instance's date to its planned end. */
  duration: number;
  /** Tasks: title, start offset and length in days from the instance date. */
  tasks: [string, number, number][];
}

const addDays = (day: string, n: number) => shiftDate(day, n)!;
const mondayOf = (day: string) =>
  addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));
const monthEnd = (day: string, monthsBack: number) => {
  const d = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack + 1, 0);
  return d.toISOString().slice(0, 10);
};

const SERIES: DemoSeries[] = [
  {
    board: 'hospital',
    contract: 'hospital',
    titulo: 'Inspeção semanal de segurança',
    descricao:
      'Ronda de segurança nas alas e casa de máquinas: extintores, rotas de fuga e quadros.',
    owner: 'coordenador',
    resp: 'equipe',
    participants: ['equipe2'],
    rule: {
      frequencia: 'semanal',
      intervalo: 1,
      dias_semana: [1, 4],
      dia_mes: null,
      ate: null,
      ocorrencias: null,
    },
    start: (today) => addDays(mondayOf(today), -14),
    duration: 0,
    tasks: [
      ['Verificar extintores e hidrantes', 0, 0],
      ['Conferir rotas de fuga e iluminação de emergência', 0, 0],
      ['Registrar não conformidades', 0, 0],
    ],
  },
  {
    board: 'torres',
    contract: 'telecom',
    titulo: 'Relatório mensal de medição',
    descricao: 'Consolidar as medições do mês, fotos e horas para a medição do contrato.',
    owner: 'coordenador2',
    resp: 'coordenador2',
    participants: ['equipe4', 'gerente'],
    rule: {
      frequencia: 'mensal',
      intervalo: 1,
      dias_semana: [],
      dia_mes: 31,
      ate: null,
      ocorrencias: null,
    },
    start: (today) => monthEnd(today, 3),
    duration: 3,
    tasks: [
      ['Coletar planilhas de campo', -4, 2],
      ['Consolidar fotos e horas', -1, 1],
      ['Enviar relatório ao cliente', 1, 2],
    ],
  },
  {
    board: 'iluminacao',
    contract: 'prefeitura',
    titulo: 'Ronda quinzenal de iluminação pública',
    descricao: 'Percorrer os circuitos do centro e registrar pontos apagados.',
    owner: 'coordenador',
    resp: 'equipe3',
    participants: ['equipe2'],
    rule: {
      frequencia: 'semanal',
      intervalo: 2,
      dias_semana: [3],
      dia_mes: null,
      ate: null,
      ocorrencias: 12,
    },
    start: (today) => addDays(mondayOf(today), -12),
    duration: 1,
    tasks: [
      ['Ronda noturna nos circuitos do centro', 0, 0],
      ['Abrir ordens de serviço dos pontos apagados', 1, 0],
    ],
  },
  {
    board: 'hospital',
    contract: 'hospital',
    titulo: 'Renovação do AVCB',
    descricao: 'Auto de Vistoria do Corpo de Bombeiros: documentação e vistoria anual.',
    owner: 'gerente',
    resp: 'coordenador',
    participants: ['gerente'],
    rule: {
      frequencia: 'anual',
      intervalo: 1,
      dias_semana: [],
      dia_mes: null,
      ate: null,
      ocorrencias: null,
    },
    start: (today) => addDays(today, 40),
    duration: 20,
    tasks: [
      ['Reunir laudos e ARTs', -20, 10],
      ['Agendar vistoria', 0, 1],
    ],
  },
];

/** A demo instant no later than an hour ago (nothing in the demo happened in the future). */
function notAfterNow(d: Date): Date {
  const latest = Date.now() - 3_600_000;
  return d.getTime() > latest ? new Date(latest) : d;
}

/**
 * Recurring demo series: each with its past instances concluded and the current one open,
 * tasks at the same offsets in every instance. Leaves ctx.shared.recurrences (ids).
 */
export async function seedRecurrence({ tx, people, shared }: SeedContext): Promise<void> {
  const today = todayIn();
  const boards = shared.boards as Record<string, number>;
  const contracts = shared.contracts as Record<string, number>;
  const ids: number[] = [];
  for (const def of SERIES) {
    const rule: RecurrenceRule = { ...def.rule, data_inicio: def.start(today) };
    // Instances up to the first one on or after today (that one stays open).
    const dates = [rule.data_inicio];
    while (dates.at(-1)! < today) {
      const next = nextInstance(rule, dates.length, dates.at(-1)!);
      if (!next) break;
      dates.push(next.date);
    }
    const owner = people[def.owner];
    const [series] = await tx
      .insert(recurrences)
      .values({
        boardId: boards[def.board]!,
        titulo: def.titulo,
        frequencia: rule.frequencia,
        intervalo: rule.intervalo,
        diasSemana: [...rule.dias_semana],
        diaMes: rule.dia_mes,
        dataInicio: rule.data_inicio,
        ate: rule.ate,
        ocorrencias: rule.ocorrencias,
        createdBy: owner,
        createdAt: notAfterNow(new Date(`${addDays(rule.data_inicio, -3)}T12:00:00Z`)),
      })
      .returning({ id: recurrences.id });
    ids.push(series!.id);
    for (const [i, date] of dates.entries()) {
      const open = i === dates.length - 1;
      // A series that starts ahead (the yearly AVCB) was still created in the past.
      const created = notAfterNow(
        new Date(`${addDays(i === 0 ? date : dates[i - 1]!, i === 0 ? -3 : 0)}T13:00:00Z`),
      );
      const [mural] = await tx
        .insert(murals)
        .values({
          titulo: def.titulo,
          descricao: def.descricao,
          boardId: boards[def.board]!,
          contractId: def.contract ? contracts[def.contract]! : null,
          prioridade: def.rule.frequencia === 'anual' ? 'alta' : 'media',
          stage: open ? 'a_fazer' : 'concluido',
          responsavelId: people[def.resp],
          inicioPrevisto: date,
          fimPrevisto: addDays(date, def.duration),
          inicioReal: open ? null : date,
          fimReal: open ? null : addDays(date, def.duration),
          createdBy: owner,
          recurrenceId: series!.id,
          createdAt: created,
          updatedAt: created,
          lastActivityAt: created,
          lastActivityBy: owner,
        })
        .returning({ id: murals.id });
      const muralId = mural!.id;
      if (i === 0) {
        await tx
          .update(recurrences)
          .set({ baseMuralId: muralId })
          .where(eq(recurrences.id, series!.id));
      }
      await tx.insert(recurrenceInstances).values({
        recurrenceId: series!.id,
        muralId,
        seq: i + 1,
        dataOcorrencia: date,
        createdAt: created,
      });
      const participants = [...new Set([def.resp, ...def.participants])].map((k) => people[k]);
      await tx
        .insert(muralParticipants)
        .values(participants.map((userId) => ({ muralId, userId, addedBy: owner })));
      await tx.insert(protocols).values(
        def.tasks.map(([titulo, offset, length]) => ({
          muralId,
          titulo,
          responsavelId: people[def.resp],
          stage: open ? ('a_fazer' as const) : ('concluido' as const),
          inicioPrevisto: addDays(date, offset),
          fimPrevisto: addDays(date, offset + length),
          inicioReal: open ? null : addDays(date, offset),
          fimReal: open ? null : addDays(date, offset + length),
          createdBy: owner,
          createdAt: created,
        })),
      );
      await tx.insert(muralHistory).values(
        i === 0
          ? {
              muralId,
              authorId: owner,
              action: 'recorrencia_criada',
              texto: describeRecurrence(rule),
              createdAt: created,
            }
          : {
              muralId,
              authorId: people[def.resp],
              action: 'recorrencia_instancia',
              after: { inicio_previsto: date, fim_previsto: addDays(date, def.duration) },
              texto: `Ocorrência ${i + 1}, criada ao concluir a anterior.`,
              createdAt: created,
            },
      );
    }
  }
  shared.recurrences = ids;
}
