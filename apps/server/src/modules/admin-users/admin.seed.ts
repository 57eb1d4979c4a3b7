import { asc } from 'drizzle-orm';
import { INVITE_TTL_DAYS } from '@eproto/domain';
import {
  activityLog,
  authTokens,
  contracts,
  murals,
  supportTicketEvents,
  supportTickets,
} from '../../db/schema/index.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Demo invitations: three pending, one expired, one revoked (links are unknown: resend to use). */
async function seedInvites({ tx, people }: SeedContext, contractIds: number[]) {
  const rows = [
    {
      email: 'livia.campos@eproto.test',
      nome: 'Lívia Campos',
      role: 'Coordenador',
      sentDaysAgo: 1,
    },
    { email: 'otavio.reis@eproto.test', nome: null, role: 'Equipe de Campo', sentDaysAgo: 3 },
    { email: 'sabrina.melo@eproto.test', nome: 'Sabrina Melo', role: 'Financeiro', sentDaysAgo: 5 },
    { email: 'paulo.teixeira@eproto.test', nome: null, role: 'Gerente', sentDaysAgo: 12 },
    {
      email: 'vitor.lopes@eproto.test',
      nome: 'Vítor Lopes',
      role: 'Equipe',
      sentDaysAgo: 4,
      revoked: true,
    },
  ];
  await tx.insert(authTokens).values(
    rows.map((r, i) => ({
      kind: 'invite' as const,
      tokenHash: tokenHash(newToken()),
      email: r.email,
      nome: r.nome,
      role: r.role,
      contractIds: contractIds.slice(i % 2, (i % 2) + 1),
      invitedBy: i % 2 === 0 ? people.ti : people.administrador,
      createdAt: ago(r.sentDaysAgo * DAY),
      expiresAt: ago((r.sentDaysAgo - INVITE_TTL_DAYS) * DAY),
      revokedAt: r.revoked ? ago(2 * DAY) : null,
    })),
  );
}

type Step = [hoursAgo: number, kind: 'comment' | 'status', who: number, value: string];

/** Demo tickets in every state, with conversation and status history. */
async function seedTickets({ tx, people }: SeedContext) {
  const tickets: Array<{
    assunto: string;
    descricao: string;
    categoria: 'acesso' | 'equipamento' | 'sistema' | 'rede' | 'outro';
    prioridade: 'baixa' | 'media' | 'alta' | 'urgente';
    openedBy: number;
    openedHoursAgo: number;
    steps: Step[];
  }> = [
    {
      assunto: 'Sem acesso ao chat do contrato',
      descricao: 'Desde hoje cedo o chat do contrato não carrega as mensagens no meu celular.',
      categoria: 'sistema',
      prioridade: 'alta',
      openedBy: people.coordenador,
      openedHoursAgo: 3,
      steps: [],
    },
    {
      assunto: 'Notebook muito lento',
      descricao: 'O notebook demora mais de 10 minutos para ligar e trava ao abrir planilhas.',
      categoria: 'equipamento',
      prioridade: 'media',
      openedBy: people.gerente,
      openedHoursAgo: 50,
      steps: [
        [48, 'comment', people.ti, 'Fernanda, pode deixar o notebook na TI amanhã às 9h?'],
        [47, 'comment', people.gerente, 'Combinado, levo às 9h.'],
        [30, 'status', people.ti, 'em_atendimento'],
        [29, 'comment', people.ti, 'Estamos trocando o disco por um SSD. Devolvemos até sexta.'],
      ],
    },
    {
      assunto: 'Planilha de medições não abre',
      descricao: 'O arquivo de medições de março dá erro de formato ao abrir.',
      categoria: 'sistema',
      prioridade: 'alta',
      openedBy: people.financeiro,
      openedHoursAgo: 120,
      steps: [
        [118, 'status', people.ti, 'em_atendimento'],
        [
          117,
          'comment',
          people.ti,
          'O arquivo estava corrompido; recuperamos a versão da véspera.',
        ],
        [116, 'status', people.ti, 'resolvido'],
        [100, 'comment', people.financeiro, 'Funcionou, obrigada!'],
      ],
    },
    {
      assunto: 'Acesso à VPN para trabalho remoto',
      descricao: 'Preciso de acesso à VPN para acompanhar as obras de fim de semana.',
      categoria: 'rede',
      prioridade: 'baixa',
      openedBy: people.diretor,
      openedHoursAgo: 26,
      steps: [
        [25, 'comment', people.ti, 'Carlos, o acesso sai até amanhã. Vou mandar o passo a passo.'],
      ],
    },
    {
      assunto: 'Troca de senha do e-mail corporativo',
      descricao: 'Esqueci a senha do e-mail corporativo e o link de recuperação não chega.',
      categoria: 'acesso',
      prioridade: 'urgente',
      openedBy: people.administrador,
      openedHoursAgo: 200,
      steps: [
        [199, 'status', people.ti, 'em_atendimento'],
        [198, 'status', people.ti, 'resolvido'],
      ],
    },
  ];
  for (const t of tickets) {
    const last = t.steps.filter((s) => s[1] === 'status').at(-1);
    const status = (last?.[3] ?? 'aberto') as 'aberto' | 'em_atendimento' | 'resolvido';
    const updatedHoursAgo = t.steps.at(-1)?.[0] ?? t.openedHoursAgo;
    const [row] = await tx
      .insert(supportTickets)
      .values({
        assunto: t.assunto,
        descricao: t.descricao,
        categoria: t.categoria,
        prioridade: t.prioridade,
        status,
        openedBy: t.openedBy,
        resolvedAt: status === 'resolvido' ? ago(last![0] * HOUR) : null,
        createdAt: ago(t.openedHoursAgo * HOUR),
        updatedAt: ago(updatedHoursAgo * HOUR),
      })
      .returning({ id: supportTickets.id });
    if (t.steps.length === 0) continue;
    await tx.insert(supportTicketEvents).values(
      t.steps.map(([hoursAgo, kind, who, value]) => ({
        ticketId: row!.id,
        kind,
        texto: kind === 'comment' ? value : null,
        status: kind === 'status' ? (value as 'em_atendimento' | 'resolvido') : null,
        authorId: who,
        createdAt: ago(hoursAgo * HOUR),
      })),
    );
  }
}

/** Two weeks of sign-ins, a few failures and sign-outs, and some write actions. */
async function seedActivity({ tx, people }: SeedContext) {
  const muralIds = (
    await tx.select({ id: murals.id }).from(murals).orderBy(asc(murals.id)).limit(6)
  ).map((m) => String(m.id));
  const actors: Array<[number, string]> = [
    [people.ti, '10.0.0.12'],
    [people.administrador, '10.0.0.31'],
    [people.coordenador, '187.45.112.9'],
    [people.gerente, '10.0.0.54'],
    [people.diretor, '177.92.10.4'],
    [people.equipe, '189.40.77.201'],
    [people.financeiro, '10.0.0.77'],
  ];
  const rows: Array<typeof activityLog.$inferInsert> = [];
  for (let day = 13; day >= 0; day--) {
    actors.forEach(([userId, ip], i) => {
      if ((day + i) % 3 === 2) return;
      const start = day * DAY + (8 + i) * HOUR;
      rows.push({ userId, action: 'login', ip, createdAt: ago(start) });
      const muralId = muralIds[(day + i) % Math.max(muralIds.length, 1)];
      if (muralId && i >= 2 && i <= 5) {
        rows.push({
          userId,
          action: 'PATCH /api/eproto/murals/:id/kanban',
          objectType: 'murals',
          objectId: muralId,
          ip,
          createdAt: ago(start - HOUR),
        });
        rows.push({
          userId,
          action: 'POST /api/eproto/murals/:id/messages',
          objectType: 'murals',
          objectId: muralId,
          ip,
          createdAt: ago(start - 2 * HOUR),
        });
      }
      if (i % 2 === 0)
        rows.push({ userId, action: 'logout', ip, createdAt: ago(start - 8 * HOUR) });
    });
  }
  rows.push(
    {
      userId: people.equipe,
      email: 'equipe@eproto.test',
      action: 'login_failed',
      ip: '189.40.77.201',
      createdAt: ago(2 * DAY + 7 * HOUR),
    },
    {
      userId: null,
      email: 'joao.pereira@eproto.test',
      action: 'login_failed',
      ip: '200.155.3.18',
      createdAt: ago(DAY + 5 * HOUR),
    },
    {
      userId: people.ti,
      action: 'POST /api/invites',
      objectType: 'invites',
      ip: '10.0.0.12',
      createdAt: ago(DAY + 2 * HOUR),
    },
    {
      userId: people.administrador,
      action: 'PATCH /api/users/:id',
      objectType: 'users',
      objectId: String(people.equipe3),
      ip: '10.0.0.31',
      createdAt: ago(4 * DAY),
    },
    {
      userId: people.coordenador,
      action: 'POST /api/support/tickets',
      objectType: 'support',
      ip: '187.45.112.9',
      createdAt: ago(3 * HOUR),
    },
  );
  await tx.insert(activityLog).values(rows);
}

/** Demo data of the administration area: invitations, support tickets and activity history. */
export async function seedAdministration(ctx: SeedContext): Promise<void> {
  const contractIds = (
    await ctx.tx.select({ id: contracts.id }).from(contracts).orderBy(asc(contracts.id)).limit(2)
  ).map((c) => c.id);
  await seedInvites(ctx, contractIds);
  await seedTickets(ctx);
  await seedActivity(ctx);
}
