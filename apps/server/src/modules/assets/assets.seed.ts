import type { AssetData, AssetStatus } from '@eproto/domain';
import { asc, eq } from 'drizzle-orm';
import { assets, assetTypes, contracts } from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

type DemoAsset = {
  tipo: string;
  tag: string;
  predio: string;
  andar: string;
  sala: string;
  fabricante?: string;
  modelo?: string;
  serie?: string;
  instalado?: string;
  garantia?: string;
  status?: AssetStatus;
  dados?: AssetData;
};

const HSL: DemoAsset[] = [
  ...['301', '302', '303', '304'].map((sala, i) => ({
    tipo: 'Ar-condicionado split',
    tag: `AC-C3-${sala}`,
    predio: 'Bloco C',
    andar: '3º andar',
    sala: `Quarto ${sala}`,
    fabricante: 'Daikin',
    modelo: 'FTKP12Q5VL',
    serie: `E00${4711 + i}-DK`,
    instalado: '2023-03-15',
    garantia: '2026-03-15',
    dados: { capacidade: 12000, unidade_capacidade: 'BTU/h' as const },
  })),
  {
    tipo: 'Ar-condicionado split',
    tag: 'AC-CC-01',
    predio: 'Bloco A',
    andar: '2º andar',
    sala: 'Centro cirúrgico — sala 1',
    fabricante: 'Springer Carrier',
    modelo: '42MACA24S5',
    serie: 'SPC/24-0098',
    instalado: '2022-08-01',
    garantia: '2025-08-01',
    dados: { capacidade: 24000, unidade_capacidade: 'BTU/h' },
  },
  {
    tipo: 'Chiller',
    tag: 'CH-01',
    predio: 'Bloco C',
    andar: 'Cobertura',
    sala: 'Casa de máquinas',
    fabricante: 'Trane',
    modelo: 'CGAM 080',
    serie: 'TR-CGAM-80-1187',
    instalado: '2019-11-20',
    garantia: '2024-11-20',
    dados: { capacidade: 80, unidade_capacidade: 'TR' },
  },
  {
    tipo: 'Extintor',
    tag: 'EXT-A1-01',
    predio: 'Bloco A',
    andar: 'Térreo',
    sala: 'Recepção',
    fabricante: 'Resil',
    serie: 'RS-PQS-6-55412',
    instalado: '2025-02-10',
    dados: { carga_kg: 6, agente: 'po_abc' },
  },
  {
    tipo: 'Extintor',
    tag: 'EXT-CC-02',
    predio: 'Bloco A',
    andar: '2º andar',
    sala: 'Centro cirúrgico — corredor',
    fabricante: 'Kidde',
    serie: 'KD-CO2-6-0031',
    instalado: '2025-02-10',
    dados: { carga_kg: 6, agente: 'co2' },
  },
  {
    tipo: 'Gerador',
    tag: 'GER-01',
    predio: 'Bloco C',
    andar: 'Subsolo',
    sala: 'Sala do gerador',
    fabricante: 'Stemac',
    modelo: 'GTA 252',
    serie: 'STM-450-2018-77',
    instalado: '2018-06-30',
    dados: { potencia_kva: 450 },
  },
  {
    tipo: 'Reservatório de água',
    tag: 'RES-SUP-01',
    predio: 'Bloco B',
    andar: 'Cobertura',
    sala: 'Caixa d’água superior',
    dados: { volume_litros: 30000 },
  },
  {
    tipo: 'Bomba',
    tag: 'BOMB-REC-01',
    predio: 'Bloco C',
    andar: 'Subsolo',
    sala: 'Casa de bombas',
    fabricante: 'KSB',
    modelo: 'Megabloc 32-200',
    status: 'substituido',
  },
  {
    tipo: 'Quadro elétrico',
    tag: 'QGBT-01',
    predio: 'Bloco C',
    andar: 'Subsolo',
    sala: 'Subestação',
    fabricante: 'Schneider Electric',
  },
];

/** Hospital São Lucas's equipment: air conditioners, a chiller, extinguishers, generator, tank. */
export async function seedAssets({ tx, people }: SeedContext): Promise<void> {
  const [hsl] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.codigo, 'HSL-2025-014'))
    .limit(1);
  const contract =
    hsl ??
    (await tx.select({ id: contracts.id }).from(contracts).orderBy(asc(contracts.id)).limit(1))[0];
  if (!contract) return;
  const types = new Map(
    (await tx.select({ id: assetTypes.id, nome: assetTypes.nome }).from(assetTypes)).map((t) => [
      t.nome,
      t.id,
    ]),
  );
  const rows = HSL.filter((a) => types.has(a.tipo)).map((a) => ({
    contractId: contract.id,
    typeId: types.get(a.tipo)!,
    tag: a.tag,
    predio: a.predio,
    andar: a.andar,
    sala: a.sala,
    fabricante: a.fabricante ?? null,
    modelo: a.modelo ?? null,
    numeroSerie: a.serie ?? null,
    instaladoEm: a.instalado ?? null,
    garantiaAte: a.garantia ?? null,
    status: a.status ?? 'ativo',
    dados: a.dados ?? {},
    createdBy: people.coordenador,
  }));
  if (rows.length > 0) await tx.insert(assets).values(rows);
}
