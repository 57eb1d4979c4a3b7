import { addDays, diffDays, todayIn, type Stage } from '@eproto/domain';
import {
  protocolHistory,
  protocolMessages,
  protocols,
  taskDependencies,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import type { SeededMural } from '../murals/murals.seed.ts';

/** A task made by the demo seeder, as later seeders receive it in ctx.shared.tasks. */
export interface SeededTask {
  id: number;
  muralId: number;
  responsavelId: number | null;
  stage: Stage;
  inicioPrevisto: string;
  fimPrevisto: string;
}

/** Steps of a typical field job; each demand gets a slice of them as a dependency chain. */
const STEPS = [
  'Levantamento em campo',
  'Orçamento de materiais',
  'Aprovação do cliente',
  'Compra de materiais',
  'Mobilização da equipe',
  'Execução do serviço',
  'Inspeção de qualidade',
  'Relatório e entrega',
];

const LAGS = [0, 0, 0, 1, 2, 0, -1, 3];

/** Small deterministic generator so the demo looks the same on every start. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

interface Planned {
  titulo: string;
  inicio: string;
  fim: string;
  stage: Stage;
  responsavelId: number;
  /** Indexes of predecessors in the same demand, with lag. */
  preds: [number, number][];
}

/**
 * Tasks for the demo demands: chains (some with a parallel branch joining again) of 3 to 5 steps
 * with lags and leads, dates spread around the demand's, stages by date (a few late, a few waiting
 * for review), history and a few messages. Leaves ctx.shared.tasks (SeededTask[]).
 */
export async function seedTasks({ tx, people, shared }: SeedContext): Promise<void> {
  const demands = (shared.murals as SeededMural[] | undefined) ?? [];
  const today = todayIn();
  const rand = random(20_260_301);
  const crew = [people.equipe, people.equipe2, people.equipe3, people.equipe4, people.equipe5];
  const seeded: SeededTask[] = [];
  let reviews = 0;

  for (const [n, m] of demands.entries()) {
    const count = 3 + Math.floor(rand() * 3);
    const first = Math.floor(rand() * (STEPS.length - count + 1));
    const span = Math.max(count, diffDays(m.inicioPrevisto, m.fimPrevisto) + 1);
    const plan: Planned[] = [];
    for (let i = 0; i < count; i += 1) {
      const lag = i === 0 ? 0 : (LAGS[Math.floor(rand() * LAGS.length)] ?? 0);
      // With four or more steps the third runs beside the second and the fourth waits for both.
      const preds: [number, number][] =
        i === 0
          ? []
          : count >= 4 && i === 2
            ? [[0, lag]]
            : count >= 4 && i === 3
              ? [
                  [1, lag],
                  [2, 0],
                ]
              : [[i - 1, lag]];
      const dur = Math.max(1, Math.round(span / count) - Math.max(0, lag));
      const start =
        preds.length === 0
          ? m.inicioPrevisto
          : preds.map(([p, l]) => addDays(plan[p]!.fim, 1 + l)).reduce((a, b) => (a > b ? a : b));
      const fim = addDays(start, dur - 1);
      const stage: Stage =
        m.stage === 'concluido'
          ? 'concluido'
          : m.stage === 'a_fazer' || start > today
            ? 'a_fazer'
            : fim < today
              ? rand() < 0.2
                ? 'em_andamento'
                : 'concluido'
              : rand() < 0.35 || (reviews < 6 && n % 4 === 0)
                ? 'em_revisao'
                : 'em_andamento';
      if (stage === 'em_revisao') reviews += 1;
      plan.push({
        titulo: STEPS[first + i]!,
        inicio: start,
        fim,
        stage,
        responsavelId: i === 0 ? m.responsavelId : crew[(n + i) % crew.length]!,
        preds,
      });
    }

    const ids: number[] = [];
    for (const p of plan) {
      const created = addDays(m.inicioPrevisto < today ? m.inicioPrevisto : today, -3);
      const review = p.stage === 'em_revisao';
      const [row] = await tx
        .insert(protocols)
        .values({
          muralId: m.id,
          titulo: p.titulo,
          descricao: `${p.titulo} — ${m.titulo}.`,
          responsavelId: p.responsavelId,
          stage: p.stage,
          prioridade: rand() < 0.2 ? 'alta' : 'media',
          inicioPrevisto: p.inicio,
          fimPrevisto: p.fim,
          inicioReal: p.stage === 'a_fazer' ? null : p.inicio < today ? p.inicio : today,
          fimReal: p.stage === 'concluido' ? (p.fim < today ? p.fim : today) : null,
          horasEstimadas: 4 * (1 + Math.floor(rand() * 10)),
          createdBy: m.responsavelId,
          reviewStatus: review ? 'pendente' : p.stage === 'concluido' ? 'aprovado' : null,
          reviewRequestedAt: review ? at(today, 9 + (ids.length % 6)) : null,
          createdAt: at(created, 10),
          updatedAt: at(created, 10),
        })
        .returning({ id: protocols.id });
      const id = row!.id;
      ids.push(id);
      seeded.push({
        id,
        muralId: m.id,
        responsavelId: p.responsavelId,
        stage: p.stage,
        inicioPrevisto: p.inicio,
        fimPrevisto: p.fim,
      });
      await tx.insert(protocolHistory).values({
        protocolId: id,
        authorId: m.responsavelId,
        action: 'criada',
        after: {
          titulo: p.titulo,
          stage: 'a_fazer',
          inicio_previsto: p.inicio,
          fim_previsto: p.fim,
        },
        createdAt: at(created, 10),
      });
      if (review) {
        await tx.insert(protocolHistory).values({
          protocolId: id,
          authorId: p.responsavelId,
          action: 'revisao_solicitada',
          before: { stage: 'em_andamento' },
          after: { stage: 'em_revisao', review_status: 'pendente' },
          createdAt: at(today, 9),
        });
        await tx.insert(protocolMessages).values({
          protocolId: id,
          authorId: p.responsavelId,
          texto: 'Serviço finalizado, fotos anexadas no relatório. Pode revisar, por favor?',
          mentions: [],
          createdAt: at(today, 9),
        });
      }
    }
    const links = plan.flatMap((p, i) =>
      p.preds.map(([pred, lag]) => ({
        protocolId: ids[i]!,
        predecessorId: ids[pred]!,
        lagDays: lag,
        createdBy: m.responsavelId,
      })),
    );
    if (links.length > 0) await tx.insert(taskDependencies).values(links);
  }
  shared.tasks = seeded;
}
