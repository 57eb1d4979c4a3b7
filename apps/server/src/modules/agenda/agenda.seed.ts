import { addDaysTo, DEFAULT_TIME_ZONE, startOfDayInZone, todayIn } from '@eproto/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  agendaEntries,
  agendaEntryPeople,
  contracts,
  murals,
  vehicles,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import type { DemoKey } from '../../seed/demo-users.ts';

interface Spec {
  day: number;
  from: number;
  to: number;
  contract: 0 | 1 | 2;
  people: DemoKey[];
  local: string;
  descricao: string;
  plate?: string;
  coords?: [number, number];
  status?: 'em_execucao' | 'cancelado';
}

/**
 * A week of field schedule (Monday to Saturday of the current week) for the demo team, on the
 * demo contracts: past entries done, one running and one next for João around the current
 * time, one cancelled and one double booking of Bruno to show the flag.
 */
export async function seedAgenda({ tx, people }: SeedContext): Promise<void> {
  const wanted = ['HSL-2025-014', 'PMS-2025-031', 'TLC-2024-007'];
  let cs = await tx
    .select({ id: contracts.id, codigo: contracts.codigo })
    .from(contracts)
    .where(inArray(contracts.codigo, wanted));
  if (cs.length === 0)
    cs = await tx
      .select({ id: contracts.id, codigo: contracts.codigo })
      .from(contracts)
      .orderBy(asc(contracts.id))
      .limit(3);
  if (cs.length === 0) return;
  const contract = (i: 0 | 1 | 2) =>
    (cs.find((c) => c.codigo === wanted[i]) ?? cs[i % cs.length])!.id;
  const plates = new Map(
    (await tx.select({ id: vehicles.id, placa: vehicles.placa }).from(vehicles)).map((v) => [
      v.placa,
      v.id,
    ]),
  );
  const demandOf = async (contractId: number) => {
    const [m] = await tx
      .select({ id: murals.id })
      .from(murals)
      .where(eq(murals.contractId, contractId))
      .orderBy(asc(murals.id))
      .limit(1);
    return m?.id ?? null;
  };

  const today = todayIn(DEFAULT_TIME_ZONE);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  const monday = addDaysTo(today, weekday === 0 ? -6 : 1 - weekday);
  const todayIdx = weekday === 0 ? 6 : weekday - 1;
  const at = (day: number, hour: number) =>
    new Date(
      startOfDayInZone(addDaysTo(monday, day), DEFAULT_TIME_ZONE).getTime() + hour * 3_600_000,
    );

  const specs: Spec[] = [
    {
      day: 0,
      from: 8,
      to: 12,
      contract: 0,
      people: ['equipe', 'equipe2'],
      local: 'Hospital São Lucas — Bloco C, casa de máquinas',
      descricao: 'Manutenção preventiva dos quadros de distribuição',
      plate: 'RIO2A18',
      coords: [-22.9056, -47.0608],
    },
    {
      day: 0,
      from: 13,
      to: 17,
      contract: 1,
      people: ['equipe3'],
      local: 'Av. General Osório, Sorocaba',
      descricao: 'Troca de luminárias LED (trecho 2)',
      plate: 'QTP4821',
    },
    {
      day: 1,
      from: 7,
      to: 16,
      contract: 2,
      people: ['equipe4', 'equipe5'],
      local: 'Torre TLC-114, Pelotas',
      descricao: 'Inspeção de aterramento e para-raios',
      plate: 'KXD7390',
    },
    {
      day: 1,
      from: 9,
      to: 12,
      contract: 0,
      people: ['equipe'],
      local: 'Hospital São Lucas — Centro cirúrgico',
      descricao: 'Teste do grupo gerador com carga',
      coords: [-22.9056, -47.0608],
    },
    {
      day: 2,
      from: 8,
      to: 17,
      contract: 1,
      people: ['equipe2', 'equipe3'],
      local: 'Subestação Éden, Sorocaba',
      descricao: 'Termografia dos barramentos',
      plate: 'SPA5E07',
    },
    {
      day: 2,
      from: 14,
      to: 17,
      contract: 0,
      people: ['equipe'],
      local: 'Hospital São Lucas — Ala pediátrica',
      descricao: 'Revisão das tomadas de uso hospitalar',
      status: 'cancelado',
    },
    {
      day: 3,
      from: 8,
      to: 12,
      contract: 1,
      people: ['equipe3'],
      local: 'Praça Coronel Fernando Prestes, Sorocaba',
      descricao: 'Reparo de poste abalroado',
      plate: 'QTP4821',
    },
    {
      day: 3,
      from: 10,
      to: 15,
      contract: 1,
      people: ['equipe3', 'equipe2'],
      local: 'Rua XV de Novembro, Sorocaba',
      descricao: 'Vistoria de rede após chuva forte',
    },
    {
      day: 3,
      from: 13,
      to: 17,
      contract: 2,
      people: ['equipe4'],
      local: 'Torre TLC-087, Rio Grande',
      descricao: 'Substituição de balizamento noturno',
      plate: 'KXD7390',
    },
    {
      day: 4,
      from: 8,
      to: 12,
      contract: 0,
      people: ['equipe', 'equipe2'],
      local: 'Hospital São Lucas — Subsolo',
      descricao: 'Limpeza e reaperto da cabine primária',
      plate: 'RIO2A18',
    },
    {
      day: 4,
      from: 13,
      to: 17,
      contract: 2,
      people: ['equipe5'],
      local: 'Torre TLC-120, Camaquã',
      descricao: 'Troca de baterias do retificador',
    },
    {
      day: 5,
      from: 8,
      to: 12,
      contract: 1,
      people: ['equipe3'],
      local: 'Plantão — Prefeitura de Sorocaba',
      descricao: 'Plantão de emergência de iluminação pública',
    },
  ];
  const now = Date.now();
  const HOUR = 3_600_000;
  // João always has something now and next, whatever the time of day (the phone demo).
  const rounded = Math.floor(now / (HOUR / 2)) * (HOUR / 2);
  const joao: Array<Spec & { inicio: Date; fim: Date }> = [
    {
      day: todayIdx,
      from: 0,
      to: 0,
      inicio: new Date(rounded - 2 * HOUR),
      fim: new Date(rounded + HOUR),
      contract: 0,
      people: ['equipe'],
      local: 'Hospital São Lucas — Portaria 2',
      descricao: 'Troca do disjuntor geral do quadro QD-07',
      status: 'em_execucao',
      coords: [-22.9056, -47.0608],
    },
    {
      day: todayIdx,
      from: 0,
      to: 0,
      inicio: new Date(rounded + 1.5 * HOUR),
      fim: new Date(rounded + 3.5 * HOUR),
      contract: 0,
      people: ['equipe'],
      local: 'Hospital São Lucas — Lavanderia',
      descricao: 'Medição de isolamento dos motores das lavadoras',
      plate: 'PRT9F31',
    },
  ];
  const all = [
    ...specs.map((x) => ({ ...x, inicio: at(x.day, x.from), fim: at(x.day, x.to) })),
    ...joao,
  ];
  for (const s of all) {
    const { inicio, fim } = s;
    const past = fim.getTime() < now;
    const status = s.status ?? (past ? 'concluido' : 'agendado');
    const contractId = contract(s.contract);
    const [row] = await tx
      .insert(agendaEntries)
      .values({
        inicio,
        fim,
        local: s.local,
        latitude: s.coords?.[0] ?? null,
        longitude: s.coords?.[1] ?? null,
        contractId,
        muralId: s.day % 2 === 0 ? await demandOf(contractId) : null,
        vehicleId: s.plate ? (plates.get(s.plate) ?? null) : null,
        descricao: s.descricao,
        status,
        iniciadoEm: status === 'concluido' || status === 'em_execucao' ? inicio : null,
        concluidoEm: status === 'concluido' ? fim : null,
        createdBy: s.contract === 2 ? people.coordenador2 : people.coordenador,
      })
      .returning({ id: agendaEntries.id });
    await tx
      .insert(agendaEntryPeople)
      .values(s.people.map((k) => ({ entryId: row!.id, userId: people[k] })));
  }
}
