import type { FinanceStatus } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { muralHistory, murals, notifications } from '../../db/schema/index.ts';
import { DEMO_PEOPLE, type DemoKey } from '../../seed/demo-users.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import type { SeededMural } from '../murals/murals.seed.ts';

/** Demo hand-offs: state, who sent, who acted, hours ago it was sent, note. */
const PLAN: [FinanceStatus, DemoKey, DemoKey, number, string | null][] = [
  ['enviado', 'gerente', 'financeiro', 3, 'Medição aprovada pelo cliente; pode faturar.'],
  ['enviado', 'coordenador', 'financeiro', 26, null],
  ['visualizado', 'gerente', 'financeiro', 50, 'Anexei as notas dos materiais.'],
  ['visualizado', 'coordenador', 'cfo', 75, null],
  ['concluido', 'gerente', 'financeiro', 120, 'Reembolso das horas extras da equipe.'],
  ['concluido', 'gerente', 'cfo', 200, null],
  ['concluido', 'coordenador', 'financeiro', 300, 'Faturamento da etapa 1.'],
];

const nomeOf = (key: DemoKey) => DEMO_PEOPLE.find((p) => p.key === key)!.nome;

/**
 * Demands in each finance state (sent by the gerente or a coordenador, opened and concluded by
 * financeiro or the CFO), with their history and the notifications each step sends. Picks
 * reviewed or concluded demands of contracts the gerente works on.
 */
export async function seedFinance({ tx, people, shared }: SeedContext): Promise<void> {
  const contracts = shared.contracts as Record<string, number>;
  const gerenteContracts = new Set(
    ['hospital', 'prefeitura', 'telecom'].map((k) => contracts[k]).filter(Boolean),
  );
  const candidates = (shared.murals as SeededMural[])
    .filter((m) => m.contractId !== null && gerenteContracts.has(m.contractId))
    .filter((m) => m.stage === 'concluido' || m.stage === 'em_revisao');
  const now = Date.now();
  const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
  const finance = [people.financeiro, people.cfo];

  for (const [i, [status, senderKey, actorKey, sentHours, note]] of PLAN.entries()) {
    const m = candidates[i * 2] ?? candidates[i];
    if (!m) break;
    const sender = people[senderKey];
    const actor = people[actorKey];
    const sentAt = hoursAgo(sentHours);
    const viewedAt = status === 'enviado' ? null : hoursAgo(sentHours - 2);
    const doneAt = status === 'concluido' ? hoursAgo(sentHours - 20) : null;
    await tx
      .update(murals)
      .set({
        financeStatus: status,
        financeSentAt: sentAt,
        financeSentBy: sender,
        financeViewedAt: viewedAt,
        financeViewedBy: viewedAt ? actor : null,
        financeDoneAt: doneAt,
        financeDoneBy: doneAt ? actor : null,
      })
      .where(eq(murals.id, m.id));
    await tx.insert(muralHistory).values({
      muralId: m.id,
      authorId: sender,
      action: 'financeiro_enviado',
      texto: note,
      createdAt: sentAt,
    });
    await tx.insert(notifications).values(
      finance.map((userId) => ({
        userId,
        type: 'status_changed',
        authorId: sender,
        muralId: m.id,
        texto: `${nomeOf(senderKey)} enviou a demanda "${m.titulo}" ao financeiro.`,
        createdAt: sentAt,
        readAt: status === 'enviado' ? null : viewedAt,
      })),
    );
    const steps: [Date | null, string, FinanceStatus, string][] = [
      [viewedAt, 'financeiro_visualizado', 'visualizado', 'visualizou'],
      [doneAt, 'financeiro_concluido', 'concluido', 'concluiu'],
    ];
    for (const [at, action, state, verb] of steps) {
      if (!at) continue;
      await tx.insert(muralHistory).values({
        muralId: m.id,
        authorId: actor,
        action,
        createdAt: at,
      });
      await tx.insert(notifications).values({
        userId: sender,
        type: 'status_changed',
        authorId: actor,
        muralId: m.id,
        texto: `${nomeOf(actorKey)} (financeiro) ${verb} a demanda "${m.titulo}".`,
        createdAt: at,
        readAt: state === 'concluido' && sentHours > 150 ? at : null,
      });
    }
  }
}
