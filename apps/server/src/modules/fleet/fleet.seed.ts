import { addDaysTo, todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import {
  vehicleCheckouts,
  vehicleFuelLogs,
  vehicleMaintenances,
  vehicles,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

const DAY = 86_400_000;

/** Demo fleet: 8 vehicles with fuel, trips and maintenance; one with documents due, one in the shop. */
export async function seedFleet({ tx, people }: SeedContext): Promise<void> {
  const today = todayIn();
  const d = (n: number) => addDaysTo(today, n);
  const rows = await tx
    .insert(vehicles)
    .values([
      {
        placa: 'RIO2A18',
        marca: 'Fiat',
        modelo: 'Strada Freedom',
        ano: 2023,
        renavam: '63963427901',
        odometroKm: 38210,
        licenciamentoVencimento: d(160),
        seguroVencimento: d(220),
      },
      {
        placa: 'QTP4821',
        marca: 'Toyota',
        modelo: 'Hilux SR 4x4',
        ano: 2021,
        renavam: '12345678900',
        odometroKm: 91455,
        licenciamentoVencimento: d(12),
        seguroVencimento: d(-3),
        observacoes: 'Seguro em renovação com a corretora.',
      },
      {
        placa: 'BRA3C45',
        marca: 'Volkswagen',
        modelo: 'Saveiro Robust',
        ano: 2022,
        odometroKm: 52780,
        status: 'manutencao',
        licenciamentoVencimento: d(90),
        seguroVencimento: d(140),
      },
      {
        placa: 'KXD7390',
        marca: 'Renault',
        modelo: 'Master Furgão',
        ano: 2020,
        odometroKm: 128900,
        licenciamentoVencimento: d(75),
        seguroVencimento: d(25),
      },
      {
        placa: 'SPA5E07',
        marca: 'Chevrolet',
        modelo: 'S10 LT',
        ano: 2024,
        odometroKm: 15320,
        licenciamentoVencimento: d(300),
        seguroVencimento: d(330),
      },
      {
        placa: 'MGA1B22',
        marca: 'Fiat',
        modelo: 'Fiorino',
        ano: 2019,
        odometroKm: 143010,
        licenciamentoVencimento: d(45),
        seguroVencimento: d(200),
      },
      {
        placa: 'HJK2045',
        marca: 'Ford',
        modelo: 'Ranger XLS',
        ano: 2018,
        odometroKm: 187600,
        status: 'inativo',
        licenciamentoVencimento: d(-40),
        observacoes: 'Aguardando leilão.',
      },
      {
        placa: 'PRT9F31',
        marca: 'Volkswagen',
        modelo: 'Amarok Comfortline',
        ano: 2023,
        odometroKm: 44890,
        licenciamentoVencimento: d(120),
        seguroVencimento: d(180),
      },
    ])
    .returning({ id: vehicles.id, placa: vehicles.placa, odometroKm: vehicles.odometroKm });
  const byPlate = Object.fromEntries(rows.map((r) => [r.placa, r]));
  const v = (p: string) => byPlate[p]!;

  await tx.insert(vehicleMaintenances).values([
    {
      vehicleId: v('RIO2A18').id,
      tipo: 'preventiva',
      status: 'concluida',
      descricao: 'Revisão dos 30.000 km',
      previstaKm: 30000,
      realizadaData: d(-70),
      realizadaKm: 30120,
      fornecedor: 'Concessionária Fiat Centro',
      custo: 890,
      createdBy: people.coordenador,
    },
    {
      vehicleId: v('RIO2A18').id,
      tipo: 'preventiva',
      status: 'agendada',
      descricao: 'Revisão dos 40.000 km',
      previstaKm: 40000,
      previstaData: d(40),
      createdBy: people.coordenador,
    },
    {
      vehicleId: v('QTP4821').id,
      tipo: 'preventiva',
      status: 'agendada',
      descricao: 'Troca de óleo e filtros',
      previstaKm: 91200,
      createdBy: people.coordenador,
    },
    {
      vehicleId: v('BRA3C45').id,
      tipo: 'corretiva',
      status: 'em_andamento',
      descricao: 'Embreagem patinando',
      fornecedor: 'Auto Center Avenida',
      createdBy: people.gerente,
    },
    {
      vehicleId: v('KXD7390').id,
      tipo: 'preventiva',
      status: 'agendada',
      descricao: 'Alinhamento e balanceamento',
      previstaData: d(4),
      createdBy: people.coordenador,
    },
    {
      vehicleId: v('MGA1B22').id,
      tipo: 'corretiva',
      status: 'concluida',
      descricao: 'Troca da bateria',
      realizadaData: d(-15),
      realizadaKm: 142700,
      custo: 520,
      fornecedor: 'Baterias Já',
      createdBy: people.coordenador,
    },
  ]);

  const fuel = [];
  for (const [plate, liters, price, kmStep] of [
    ['RIO2A18', 42, 5.89, 480],
    ['QTP4821', 68, 6.19, 610],
    ['KXD7390', 70, 6.15, 520],
    ['SPA5E07', 55, 6.09, 450],
    ['PRT9F31', 60, 6.19, 500],
  ] as const) {
    for (let i = 3; i >= 1; i--) {
      fuel.push({
        vehicleId: v(plate).id,
        data: d(-i * 9),
        combustivel: plate === 'RIO2A18' ? ('etanol' as const) : ('diesel' as const),
        litros: liters,
        valorTotal: Math.round(liters * price * 100) / 100,
        km: v(plate).odometroKm - i * kmStep,
        posto: i % 2 ? 'Posto Ipiranga BR-116' : 'Posto Shell Av. Brasil',
        createdBy: people.coordenador,
      });
    }
  }
  await tx.insert(vehicleFuelLogs).values(fuel);

  const now = Date.now();
  await tx.insert(vehicleCheckouts).values([
    {
      vehicleId: v('RIO2A18').id,
      condutorId: people.equipe,
      saidaEm: new Date(now - 6 * DAY),
      kmSaida: 37800,
      destino: 'Subestação Norte',
      retornoEm: new Date(now - 6 * DAY + 9 * 3_600_000),
      kmRetorno: 37995,
      createdBy: people.coordenador,
      checkedInBy: people.coordenador,
    },
    {
      vehicleId: v('SPA5E07').id,
      condutorId: people.equipe2,
      saidaEm: new Date(now - 3 * DAY),
      kmSaida: 15010,
      destino: 'Obra Shopping Leste',
      retornoEm: new Date(now - 3 * DAY + 8 * 3_600_000),
      kmRetorno: 15320,
      createdBy: people.coordenador,
      checkedInBy: people.coordenador,
    },
    {
      vehicleId: v('PRT9F31').id,
      condutorId: people.equipe3,
      saidaEm: new Date(now - 2 * 3_600_000),
      kmSaida: 44890,
      destino: 'Manutenção rede — Contrato Metrô',
      createdBy: people.coordenador,
    },
  ]);
  await tx
    .update(vehicles)
    .set({ status: 'em_uso' })
    .where(eq(vehicles.id, v('PRT9F31').id));
}
