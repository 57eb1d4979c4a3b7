import { inventoryItems, inventoryMovements } from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

type ItemSeed = typeof inventoryItems.$inferInsert;

/** Demo inventory: tools with holders, consumables (one under its minimum) and their movements. */
export async function seedInventory({ tx, people }: SeedContext): Promise<void> {
  const items: ItemSeed[] = [
    {
      natureza: 'patrimonio',
      codigo: 'PAT-0001',
      nome: 'Furadeira de impacto Bosch GSB 13',
      categoria: 'Ferramentas elétricas',
      localizacao: 'Almoxarifado Central',
      estado: 'bom',
      quantidade: 1,
    },
    {
      natureza: 'patrimonio',
      codigo: 'PAT-0002',
      nome: 'Multímetro Fluke 117',
      categoria: 'Instrumentos',
      localizacao: 'Base Norte',
      estado: 'novo',
      responsavelId: people.equipe,
      quantidade: 1,
    },
    {
      natureza: 'patrimonio',
      codigo: 'PAT-0003',
      nome: 'Escada extensível 7 m',
      categoria: 'Acesso e altura',
      localizacao: 'Base Norte',
      estado: 'regular',
      quantidade: 1,
    },
    {
      natureza: 'patrimonio',
      codigo: 'PAT-0004',
      nome: 'Alicate amperímetro Minipa',
      categoria: 'Instrumentos',
      localizacao: 'Obra Shopping Leste',
      estado: 'bom',
      responsavelId: people.equipe2,
      quantidade: 1,
    },
    {
      natureza: 'patrimonio',
      codigo: 'PAT-0005',
      nome: 'Gerador portátil 3 kVA',
      categoria: 'Equipamentos',
      localizacao: 'Almoxarifado Central',
      estado: 'danificado',
      quantidade: 1,
    },
    {
      natureza: 'patrimonio',
      codigo: 'PAT-0006',
      nome: 'Notebook de campo Dell Rugged',
      categoria: 'Informática',
      localizacao: 'Base Norte',
      estado: 'bom',
      responsavelId: people.coordenador,
      quantidade: 1,
    },
    {
      natureza: 'consumivel',
      codigo: 'CON-0101',
      nome: 'Cabo flexível 2,5 mm²',
      categoria: 'Elétrica',
      localizacao: 'Almoxarifado Central',
      unidade: 'm',
      quantidade: 420,
      estoqueMinimo: 200,
    },
    {
      natureza: 'consumivel',
      codigo: 'CON-0102',
      nome: 'Fita isolante 19 mm',
      categoria: 'Elétrica',
      localizacao: 'Almoxarifado Central',
      unidade: 'rolo',
      quantidade: 6,
      estoqueMinimo: 20,
    },
    {
      natureza: 'consumivel',
      codigo: 'CON-0103',
      nome: 'Abraçadeira de nylon 200 mm',
      categoria: 'Fixação',
      localizacao: 'Almoxarifado Central',
      unidade: 'pct',
      quantidade: 35,
      estoqueMinimo: 10,
    },
    {
      natureza: 'consumivel',
      codigo: 'CON-0104',
      nome: 'Disjuntor DIN 20 A',
      categoria: 'Elétrica',
      localizacao: 'Base Norte',
      unidade: 'un',
      quantidade: 18,
      estoqueMinimo: 8,
    },
    {
      natureza: 'consumivel',
      codigo: 'CON-0105',
      nome: 'Parafuso sextavado 3/8"',
      categoria: 'Fixação',
      localizacao: 'Almoxarifado Central',
      unidade: 'cx',
      quantidade: 12,
      estoqueMinimo: 4,
    },
  ];
  const rows = await tx.insert(inventoryItems).values(items).returning();
  const byCode = Object.fromEntries(rows.map((r) => [r.codigo, r]));
  const DAY = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  const movements: (typeof inventoryMovements.$inferInsert)[] = rows.map((r) => ({
    itemId: r.id,
    tipo: 'entrada' as const,
    quantidade:
      r.natureza === 'patrimonio'
        ? 1
        : r.quantidade + (r.codigo === 'CON-0102' ? 24 : r.codigo === 'CON-0101' ? 80 : 0),
    saldoApos:
      r.natureza === 'patrimonio'
        ? 1
        : r.quantidade + (r.codigo === 'CON-0102' ? 24 : r.codigo === 'CON-0101' ? 80 : 0),
    destinoLocalizacao: r.natureza === 'patrimonio' ? 'Almoxarifado Central' : r.localizacao,
    motivo: 'Cadastro do item',
    userId: people.coordenador,
    createdAt: at(60),
  }));
  const fita = byCode['CON-0102']!;
  const cabo = byCode['CON-0101']!;
  const multimetro = byCode['PAT-0002']!;
  movements.push(
    {
      itemId: fita.id,
      tipo: 'saida',
      quantidade: 14,
      saldoApos: 16,
      origemLocalizacao: fita.localizacao,
      destinoLocalizacao: 'Obra Shopping Leste',
      userId: people.coordenador,
      createdAt: at(20),
    },
    {
      itemId: fita.id,
      tipo: 'saida',
      quantidade: 10,
      saldoApos: 6,
      origemLocalizacao: fita.localizacao,
      destinoLocalizacao: 'Subestação Norte',
      userId: people.coordenador2,
      createdAt: at(4),
    },
    {
      itemId: cabo.id,
      tipo: 'saida',
      quantidade: 80,
      saldoApos: 420,
      origemLocalizacao: cabo.localizacao,
      destinoLocalizacao: 'Obra Shopping Leste',
      userId: people.coordenador,
      createdAt: at(9),
    },
    {
      itemId: multimetro.id,
      tipo: 'transferencia',
      quantidade: 1,
      saldoApos: 1,
      origemLocalizacao: 'Almoxarifado Central',
      destinoLocalizacao: 'Base Norte',
      responsavelNovoId: people.equipe,
      userId: people.gerente,
      createdAt: at(30),
    },
  );
  await tx.insert(inventoryMovements).values(movements);
}
