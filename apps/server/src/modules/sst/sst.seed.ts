import { addDaysTo, addMonthsTo, todayIn } from '@eproto/domain';
import {
  sstActivityRequirements,
  sstActivityTypes,
  sstAsos,
  sstCnhs,
  sstTrainingRecords,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { createSstRepo } from './sst.repo.ts';

/**
 * Demo SST: trainings, ASOs and CNHs of the field people, some valid, some expiring within the
 * alert window and some expired (João Pereira's NR-35 expired 12 days ago), and two activity
 * types with requirements ("Trabalho em altura", "Serviço em eletricidade").
 */
export async function seedSst({ tx, people }: SeedContext): Promise<void> {
  const today = todayIn();
  const repo = createSstRepo(tx);
  await repo.ensureCatalogue();
  const byCode = new Map((await repo.trainings(false)).map((t) => [t.codigo, t]));
  const t = (codigo: string) => byCode.get(codigo)!;
  /** A training done so that it ends `daysLeft` days from today. */
  const record = (userId: number, codigo: string, daysLeft: number, instrutor: string) => {
    const tr = t(codigo);
    const validade = addDaysTo(today, daysLeft);
    return {
      userId,
      trainingId: tr.id,
      data: addMonthsTo(validade, -tr.validadeMeses),
      cargaHoraria: codigo.startsWith('NR-10') ? 40 : 8,
      instrutor,
      validade,
      createdBy: people.coordenador,
    };
  };
  await tx
    .insert(sstTrainingRecords)
    .values([
      record(people.equipe, 'NR-35', -12, 'SENAI Campinas'),
      record(people.equipe, 'NR-10', 300, 'SENAI Campinas'),
      record(people.equipe2, 'NR-35', 20, 'Altura Segura Treinamentos'),
      record(people.equipe2, 'NR-10 SEP', 410, 'SENAI Jundiaí'),
      record(people.equipe3, 'NR-33 Trabalhador', 150, 'Confinados Cursos'),
      record(people.equipe3, 'NR-33 Vigia', -30, 'Confinados Cursos'),
      record(people.equipe4, 'Primeiros socorros', 200, 'Cruz Vermelha'),
      record(people.equipe5, 'NR-35', 500, 'Altura Segura Treinamentos'),
      record(people.equipe5, 'NR-10', 14, 'SENAI Campinas'),
      record(people.equipe5, 'Direção defensiva', 380, 'SEST SENAT'),
    ]);
  const aso = (userId: number, monthsAgo: number, resultado: 'apto' | 'apto_restricoes') => ({
    userId,
    tipo: 'periodico' as const,
    data: addMonthsTo(today, -monthsAgo),
    resultado,
    restricoes: resultado === 'apto' ? null : 'Evitar carga acima de 20 kg por 90 dias.',
    medico: 'Dra. Helena Duarte',
    crm: '123456/SP',
    createdBy: people.gerente,
  });
  await tx
    .insert(sstAsos)
    .values([
      aso(people.equipe, 10, 'apto'),
      aso(people.equipe2, 3, 'apto_restricoes'),
      { ...aso(people.equipe3, 12, 'apto'), data: addDaysTo(addMonthsTo(today, -12), 15) },
      aso(people.equipe4, 2, 'apto'),
      aso(people.equipe5, 14, 'apto'),
    ]);
  await tx.insert(sstCnhs).values([
    {
      userId: people.equipe,
      numero: '04512378901',
      categoria: 'B',
      validade: addDaysTo(today, 700),
      updatedBy: people.coordenador,
    },
    {
      userId: people.equipe2,
      numero: '03987654321',
      categoria: 'AD',
      validade: addDaysTo(today, 900),
      ear: true,
      toxicologicoData: addDaysTo(addMonthsTo(today, -30), 10),
      updatedBy: people.coordenador,
    },
    {
      userId: people.equipe3,
      numero: '02233445566',
      categoria: 'C',
      validade: addDaysTo(today, -5),
      ear: true,
      toxicologicoData: addMonthsTo(today, -8),
      updatedBy: people.coordenador,
    },
    {
      userId: people.equipe5,
      numero: '05566778899',
      categoria: 'AE',
      validade: addDaysTo(today, 1200),
      ear: true,
      toxicologicoData: addMonthsTo(today, -4),
      updatedBy: people.coordenador,
    },
  ]);
  const types = await tx
    .insert(sstActivityTypes)
    .values([
      { nome: 'Trabalho em altura', descricao: 'Acima de 2 m do nível inferior (NR-35).' },
      {
        nome: 'Serviço em eletricidade',
        descricao: 'Instalações elétricas energizadas ou próximas (NR-10).',
      },
    ])
    .returning({ id: sstActivityTypes.id, nome: sstActivityTypes.nome });
  const altura = types.find((x) => x.nome === 'Trabalho em altura')!.id;
  const eletricidade = types.find((x) => x.nome === 'Serviço em eletricidade')!.id;
  await tx.insert(sstActivityRequirements).values([
    { activityTypeId: altura, tipo: 'treinamento', trainingId: t('NR-35').id },
    { activityTypeId: altura, tipo: 'aso', trainingId: null },
    { activityTypeId: eletricidade, tipo: 'treinamento', trainingId: t('NR-10').id },
    { activityTypeId: eletricidade, tipo: 'aso', trainingId: null },
  ]);
}
