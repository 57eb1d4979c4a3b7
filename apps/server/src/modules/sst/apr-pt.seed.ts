import {
  DEFAULT_TIME_ZONE,
  osCode,
  startOfDayInZone,
  todayIn,
  type PtStatus,
} from '@eproto/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import {
  contracts,
  epiItems,
  serviceOrderPeople,
  serviceOrders,
  sstPtEvents,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { createServiceOrdersRepo } from '../service-orders/service-orders.repo.ts';
import { createServiceTypesRepo } from '../service-orders/service-types.repo.ts';
import { createAprPtRepo } from './apr-pt.repo.ts';

const ROOF_STEPS = [
  {
    etapa: 'Isolar a área abaixo do telhado',
    perigos: 'Queda de materiais sobre pessoas',
    controles: 'Fita zebrada e sinalização; ninguém circula sob o serviço',
  },
  {
    etapa: 'Subir pela escada e ancorar na linha de vida',
    perigos: 'Queda de altura; escada escorregando',
    controles: 'Escada amarrada, cinto paraquedista ancorado antes de sair da escada',
  },
  {
    etapa: 'Trocar as telhas danificadas',
    perigos: 'Cortes nas mãos; telha quebrando sob o peso',
    controles: 'Luvas de vaqueta; tábuas de apoio sobre as terças',
  },
];

/**
 * Demo APRs and PTs: a service type "Manutenção de telhado (trabalho em altura)" that requires a
 * PT, two OSs of it today, one APR in each state and one PT in each state.
 */
export async function seedAprPt({ tx, people }: SeedContext): Promise<void> {
  const [contract] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .orderBy(asc(contracts.id))
    .limit(1);
  if (!contract) return;
  const tz = DEFAULT_TIME_ZONE;
  const today = todayIn(tz);
  const midnight = startOfDayInZone(today, tz).getTime();
  const at = (day: number, hour: number) =>
    new Date(midnight + day * 86_400_000 + hour * 3_600_000);
  const now = new Date();
  const endOfDay = at(1, 0).getTime() - 60_000;
  const repo = createAprPtRepo(tx);

  const types = createServiceTypesRepo(tx);
  const type = await types.insertType({
    nome: 'Manutenção de telhado (trabalho em altura)',
    descricao: 'Troca de telhas e calhas acima de 2 m: exige APR assinada e PT aprovada.',
    createdBy: people.gerente,
  });
  await types.insertVersion(type.id, people.gerente, [
    {
      ordem: 0,
      titulo: 'Linha de vida inspecionada',
      tipo: 'sim_nao',
      obrigatorio: true,
      opcoes: [],
    },
    {
      ordem: 1,
      titulo: 'Telhas trocadas',
      tipo: 'numero',
      obrigatorio: true,
      unidade: 'un',
      opcoes: [],
    },
  ]);
  await repo.setRequiredPt(type.id, 'altura');
  const version = await types.latestVersion(type.id);

  const osRepo = createServiceOrdersRepo(tx);
  const year = Number(today.slice(0, 4));
  async function roofOs(local: string, team: number[]) {
    const numero = await osRepo.nextNumber(year);
    const os = await osRepo.insert({
      codigo: osCode(year, numero),
      ano: year,
      numero,
      contractId: contract!.id,
      serviceTypeId: type.id,
      versionId: version!.id,
      local,
      descricao: 'Troca de telhas danificadas pela chuva de granizo.',
      previstoInicio: new Date(Math.min(at(0, 8).getTime(), now.getTime())),
      previstoFim: new Date(Math.max(at(0, 17).getTime(), now.getTime() + 3_600_000)),
      createdBy: people.coordenador,
    });
    await tx
      .insert(serviceOrderPeople)
      .values(
        team.map((userId) => ({ serviceOrderId: os.id, userId, addedBy: people.coordenador })),
      );
    return os.id;
  }
  const roofA = await roofOs('Hospital São Lucas — galpão 2, almoxarifado', [
    people.equipe3,
    people.equipe5,
  ]);
  const roofB = await roofOs('Hospital São Lucas — bloco B, cobertura', [people.equipe4]);

  const epis = await tx
    .select({ id: epiItems.id, nome: epiItems.nome })
    .from(epiItems)
    .where(
      inArray(epiItems.nome, [
        'Cinto de segurança paraquedista',
        'Capacete de segurança classe B',
        'Luva de vaqueta',
      ]),
    );
  const epiIds = [...new Map(epis.map((e) => [e.nome, e.id])).values()];

  async function apr(
    osId: number | null,
    atividade: string,
    team: number[],
    status: 'rascunho' | 'em_assinatura' | 'assinada',
    signed: number[],
  ) {
    const row = await repo.insertApr({
      serviceOrderId: osId,
      atividade,
      local: null,
      etapas: ROOF_STEPS,
      status,
      responsavelId: people.coordenador,
      enviadaEm: status === 'rascunho' ? null : at(0, 6),
      assinadaEm: status === 'assinada' ? at(0, 7) : null,
    });
    await repo.setAprEpis(row.id, epiIds);
    await repo.setAprPeople(row.id, team);
    for (const [i, userId] of signed.entries())
      await repo.sign(row.id, userId, {
        assinadoEm: new Date(at(0, 6).getTime() + (i + 1) * 10 * 60_000),
        dispositivo: 'Demonstração',
        latitude: -22.9056,
        longitude: -47.0608,
        precisaoM: 9,
      });
    return row.id;
  }
  const signedA = await apr(
    roofA,
    'Troca de telhas no galpão 2',
    [people.equipe3, people.equipe5],
    'assinada',
    [people.equipe3, people.equipe5],
  );
  const signedB = await apr(roofB, 'Troca de calhas da escola', [people.equipe4], 'assinada', [
    people.equipe4,
  ]);
  // The other two states on open OSs of other kinds (no PT needed there).
  const [open] = await tx
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(and(eq(serviceOrders.status, 'aberta'), gt(serviceOrders.previstoInicio, now)))
    .orderBy(asc(serviceOrders.previstoInicio))
    .limit(1);
  await apr(
    open?.id ?? roofB,
    'Limpeza de dutos no forro',
    [people.equipe4, people.equipe5],
    'em_assinatura',
    [people.equipe4],
  );
  await apr(
    open?.id ?? roofB,
    'Revisão do quadro elétrico do forro',
    [people.equipe4],
    'rascunho',
    [],
  );

  async function pt(
    aprId: number,
    osId: number,
    team: number[],
    inicio: Date,
    fim: Date,
    status: PtStatus,
    extra: { comentario?: string; observacao?: string } = {},
  ) {
    const decided = status !== 'emitida' && status !== 'expirada';
    const row = await repo.insertPt({
      tipo: 'altura',
      aprId,
      serviceOrderId: osId,
      inicio,
      fim,
      medidas: [
        'Linha de vida instalada e inspecionada',
        'Área isolada e sinalizada',
        'Resgate combinado com a brigada',
      ],
      status,
      responsavelId: people.coordenador,
      aprovadorId: decided ? people.gerente : null,
      decididaEm: decided ? new Date(inicio.getTime() - 20 * 60_000) : null,
      comentarioDecisao: extra.comentario ?? null,
      encerradaPor: status === 'encerrada' ? people.coordenador : null,
      encerradaEm: status === 'encerrada' ? fim : null,
      observacaoEncerramento: extra.observacao ?? null,
      createdAt: new Date(inicio.getTime() - 40 * 60_000),
    });
    await repo.setPtPeople(row.id, team);
    const steps: [PtStatus | null, PtStatus, number | null, string | null, Date][] = [
      [null, 'emitida', people.coordenador, null, new Date(inicio.getTime() - 40 * 60_000)],
    ];
    if (decided)
      steps.push([
        'emitida',
        status === 'recusada' ? 'recusada' : 'aprovada',
        people.gerente,
        extra.comentario ?? null,
        new Date(inicio.getTime() - 20 * 60_000),
      ]);
    if (status === 'encerrada')
      steps.push(['aprovada', 'encerrada', people.coordenador, extra.observacao ?? null, fim]);
    if (status === 'expirada')
      steps.push(['emitida', 'expirada', null, 'Turno encerrado sem o encerramento da PT.', fim]);
    await tx.insert(sstPtEvents).values(
      steps.map(([fromStatus, toStatus, userId, comentario, createdAt]) => ({
        ptId: row.id,
        fromStatus,
        toStatus,
        userId,
        comentario,
        createdAt,
      })),
    );
  }
  const teamA = [people.equipe3, people.equipe5];
  const todayStart = new Date(Math.min(at(0, 7).getTime(), now.getTime()));
  const todayEnd = new Date(
    Math.max(at(0, 17).getTime(), Math.min(now.getTime() + 3_600_000, endOfDay)),
  );
  // Roof A waits for the gerente's approval (its check-in is blocked until then); seeded just
  // before midnight it still waits a while (a PT past its end can no longer be approved).
  const waitingEnd = new Date(Math.max(endOfDay, now.getTime() + 4 * 3_600_000));
  await pt(signedA, roofA, teamA, todayStart, waitingEnd, 'emitida');
  await pt(signedA, roofA, teamA, at(-1, 7), at(-1, 17), 'expirada');
  await pt(signedA, roofA, teamA, at(-2, 7), at(-2, 17), 'recusada', {
    comentario: 'Chuva prevista à tarde: remarcar.',
  });
  // Roof B is approved for today's shift; yesterday's was closed.
  await pt(signedB, roofB, [people.equipe4], todayStart, todayEnd, 'aprovada');
  await pt(signedB, roofB, [people.equipe4], at(-1, 8), at(-1, 12), 'encerrada', {
    observacao: 'Serviço concluído, área liberada.',
  });
}
