import type { RequestStatus } from '@eproto/domain';
import { asc } from 'drizzle-orm';
import { contracts, requestEvents, requests } from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

type Step = [to: RequestStatus, by: number, comentario: string | null, hoursAfter: number];

/** Demo solicitações in every state, with their history; one EPI replacement from João. */
export async function seedRequests({ tx, people, shared }: SeedContext): Promise<void> {
  const cs = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .orderBy(asc(contracts.id))
    .limit(3);
  const c = (i: number) => cs[i]?.id ?? cs[0]?.id ?? null;
  const joaoDelivery = (shared.epiReplacementDelivery as number | undefined) ?? null;
  const DAY = 86_400_000;
  const HOUR = 3_600_000;

  const specs: Array<{
    row: Omit<typeof requests.$inferInsert, 'status'>;
    daysAgo: number;
    steps: Step[];
  }> = [
    {
      row: {
        tipo: 'epi',
        descricao:
          'Troca de EPI: 2 × Luva de vaqueta (tamanho G, CA 12908). Motivo da troca: desgaste pelo uso. Costura soltando no polegar.',
        urgencia: 'media',
        requesterId: people.equipe,
        epiDeliveryId: joaoDelivery,
      },
      daysAgo: 0,
      steps: [],
    },
    {
      row: {
        tipo: 'material',
        descricao: 'Fita isolante (20 rolos) e abraçadeiras para a Subestação Norte.',
        urgencia: 'alta',
        contractId: c(0),
        requesterId: people.coordenador2,
      },
      daysAgo: 1,
      steps: [],
    },
    {
      row: {
        tipo: 'veiculo',
        descricao: 'Caminhonete 4x4 para a vistoria de quinta-feira na área rural.',
        urgencia: 'media',
        contractId: c(1),
        requesterId: people.coordenador,
      },
      daysAgo: 2,
      steps: [['em_analise', people.gerente, 'Verificando a disponibilidade da Hilux.', 3]],
    },
    {
      row: {
        tipo: 'manutencao',
        descricao: 'Ar-condicionado da Base Norte pingando sobre o quadro elétrico.',
        urgencia: 'urgente',
        contractId: c(0),
        requesterId: people.equipe2,
      },
      daysAgo: 3,
      steps: [['em_analise', people.coordenador, null, 1]],
    },
    {
      row: {
        tipo: 'reembolso',
        descricao: 'Pedágio e estacionamento na visita ao cliente (nota fiscal anexa no e-mail).',
        urgencia: 'baixa',
        valor: 86.4,
        contractId: c(1),
        requesterId: people.coordenador,
      },
      daysAgo: 6,
      steps: [
        ['em_analise', people.gerente, null, 2],
        ['aprovada', people.gerente, 'Aprovado. Enviar comprovantes ao financeiro.', 20],
      ],
    },
    {
      row: {
        tipo: 'material',
        descricao: 'Cabo flexível 2,5 mm² (100 m) para a Obra Shopping Leste.',
        urgencia: 'alta',
        contractId: c(2),
        requesterId: people.equipe3,
      },
      daysAgo: 8,
      steps: [
        ['em_analise', people.coordenador, null, 2],
        ['aprovada', people.coordenador, 'Separar no almoxarifado.', 5],
        ['atendida', people.coordenador, 'Retirado por Bruno.', 26],
      ],
    },
    {
      row: {
        tipo: 'outro',
        descricao: 'Curso de NR-10 reciclagem para dois técnicos.',
        urgencia: 'baixa',
        requesterId: people.coordenador2,
      },
      daysAgo: 12,
      steps: [
        ['em_analise', people.gerente, null, 4],
        ['recusada', people.diretor, 'Fora do orçamento deste trimestre; reavaliar em julho.', 50],
      ],
    },
    {
      row: {
        tipo: 'epi',
        descricao: 'Capacete com jugular para trabalho em altura (2 unidades).',
        urgencia: 'media',
        contractId: c(0),
        requesterId: people.equipe4,
      },
      daysAgo: 15,
      steps: [
        ['em_analise', people.coordenador, null, 1],
        ['aprovada', people.coordenador, null, 3],
        ['atendida', people.coordenador, 'Entregue e registrado na ficha.', 30],
      ],
    },
  ];

  for (const spec of specs) {
    const created = new Date(Date.now() - spec.daysAgo * DAY - 2 * HOUR);
    const status = spec.steps.at(-1)?.[0] ?? 'aberta';
    const last = spec.steps.at(-1);
    const [row] = await tx
      .insert(requests)
      .values({
        ...spec.row,
        status,
        createdAt: created,
        updatedAt: last ? new Date(created.getTime() + last[3] * HOUR) : created,
      })
      .returning({ id: requests.id });
    let from: RequestStatus = 'aberta';
    const events: (typeof requestEvents.$inferInsert)[] = [
      {
        requestId: row!.id,
        fromStatus: null,
        toStatus: 'aberta',
        userId: spec.row.requesterId,
        createdAt: created,
      },
    ];
    for (const [to, by, comentario, h] of spec.steps) {
      events.push({
        requestId: row!.id,
        fromStatus: from,
        toStatus: to,
        userId: by,
        comentario,
        createdAt: new Date(created.getTime() + h * HOUR),
      });
      from = to;
    }
    await tx.insert(requestEvents).values(events);
  }
}
