import { addDaysTo, todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { epiDeliveries, epiItems, epiMovements, users } from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { demoSignaturePng } from '../../lib/png.ts';

type Delivery = typeof epiDeliveries.$inferInsert;

/**
 * Demo EPI: a catalogue with CAs expiring soon (and one expired), two items under minimum,
 * deliveries to the field team — signed on screen, confirmed in the app, pending, returned
 * and due for replacement. Signed ones get a drawn-looking signature image through the storage.
 */
export async function seedEpi({ tx, people, shared, storage }: SeedContext): Promise<void> {
  const today = todayIn();
  const d = (n: number) => addDaysTo(today, n);
  const rows = await tx
    .insert(epiItems)
    .values([
      {
        nome: 'Capacete de segurança classe B',
        tamanho: 'Único',
        caNumero: '31469',
        caValidade: d(420),
        vidaUtilDias: 730,
        estoque: 14,
        estoqueMinimo: 5,
      },
      {
        nome: 'Óculos de proteção incolor',
        tamanho: 'Único',
        caNumero: '10346',
        caValidade: d(18),
        vidaUtilDias: 180,
        estoque: 25,
        estoqueMinimo: 10,
      },
      {
        nome: 'Luva de vaqueta',
        tamanho: 'M',
        caNumero: '12908',
        caValidade: d(-12),
        vidaUtilDias: 60,
        estoque: 8,
        estoqueMinimo: 10,
      },
      {
        nome: 'Luva de vaqueta',
        tamanho: 'G',
        caNumero: '12908',
        caValidade: d(200),
        vidaUtilDias: 60,
        estoque: 30,
        estoqueMinimo: 10,
      },
      {
        nome: 'Botina de segurança com biqueira',
        tamanho: '40',
        caNumero: '40377',
        caValidade: d(540),
        vidaUtilDias: 365,
        estoque: 6,
        estoqueMinimo: 2,
      },
      {
        nome: 'Botina de segurança com biqueira',
        tamanho: '42',
        caNumero: '40377',
        caValidade: d(540),
        vidaUtilDias: 365,
        estoque: 5,
        estoqueMinimo: 2,
      },
      {
        nome: 'Protetor auricular tipo plug',
        tamanho: 'Único',
        caNumero: '5745',
        caValidade: d(27),
        vidaUtilDias: 30,
        estoque: 120,
        estoqueMinimo: 50,
      },
      {
        nome: 'Cinto de segurança paraquedista',
        tamanho: 'Único',
        caNumero: '35529',
        caValidade: d(610),
        vidaUtilDias: 1825,
        estoque: 4,
        estoqueMinimo: 2,
      },
      {
        nome: 'Respirador PFF2',
        tamanho: 'Único',
        caNumero: '38503',
        caValidade: d(300),
        vidaUtilDias: 7,
        estoque: 4,
        estoqueMinimo: 20,
      },
      {
        nome: 'Luva isolante classe 0',
        tamanho: '10',
        caNumero: '28417',
        caValidade: d(150),
        vidaUtilDias: 180,
        estoque: 6,
        estoqueMinimo: 2,
        descricao: 'Ensaio dielétrico semestral.',
      },
    ])
    .returning();
  const item = (nome: string, tamanho = 'Único') =>
    rows.find((r) => r.nome === nome && r.tamanho === tamanho)!.id;
  const capacete = item('Capacete de segurança classe B');
  const oculos = item('Óculos de proteção incolor');
  const luvaG = item('Luva de vaqueta', 'G');
  const luvaM = item('Luva de vaqueta', 'M');
  const botina40 = item('Botina de segurança com biqueira', '40');
  const botina42 = item('Botina de segurança com biqueira', '42');
  const plug = item('Protetor auricular tipo plug');
  const cinto = item('Cinto de segurança paraquedista');
  const isolante = item('Luva isolante classe 0', '10');

  const signed = { confirmacao: 'assinatura' as const, confirmadoEm: new Date() };
  const inApp = { confirmacao: 'app' as const, confirmadoEm: new Date() };
  const by = people.coordenador;
  const deliveries: Delivery[] = [
    // João (equipe@): admission kit signed on screen, one pending for the phone demo, one due.
    {
      itemId: capacete,
      colaboradorId: people.equipe,
      data: d(-120),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
    {
      itemId: botina42,
      colaboradorId: people.equipe,
      data: d(-120),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
    {
      itemId: luvaM,
      colaboradorId: people.equipe,
      data: d(-75),
      quantidade: 2,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
      devolucaoData: d(-14),
      devolucaoMotivo: 'Desgaste — substituída',
      devolucaoPor: by,
      devolucaoEstoque: false,
    },
    {
      itemId: luvaG,
      colaboradorId: people.equipe,
      data: d(-14),
      quantidade: 2,
      motivo: 'substituicao',
      entreguePor: by,
      ...inApp,
    },
    {
      itemId: plug,
      colaboradorId: people.equipe,
      data: d(-33),
      quantidade: 4,
      motivo: 'admissao',
      entreguePor: by,
      ...inApp,
    },
    {
      itemId: oculos,
      colaboradorId: people.equipe,
      data: today,
      quantidade: 1,
      motivo: 'substituicao',
      entreguePor: by,
      observacao: 'Lente riscada na obra.',
    },
    // Ana
    {
      itemId: capacete,
      colaboradorId: people.equipe2,
      data: d(-200),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
    {
      itemId: botina40,
      colaboradorId: people.equipe2,
      data: d(-200),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
    {
      itemId: isolante,
      colaboradorId: people.equipe2,
      data: d(-170),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
    {
      itemId: oculos,
      colaboradorId: people.equipe2,
      data: d(-3),
      quantidade: 1,
      motivo: 'perda',
      entreguePor: people.coordenador2,
    },
    // Bruno
    {
      itemId: capacete,
      colaboradorId: people.equipe3,
      data: d(-90),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
    {
      itemId: cinto,
      colaboradorId: people.equipe3,
      data: d(-90),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
    {
      itemId: luvaG,
      colaboradorId: people.equipe3,
      data: d(-55),
      quantidade: 2,
      motivo: 'dano',
      entreguePor: by,
      ...inApp,
    },
    // Larissa and Diego
    {
      itemId: capacete,
      colaboradorId: people.equipe4,
      data: d(-30),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: people.gerente,
      ...inApp,
    },
    {
      itemId: plug,
      colaboradorId: people.equipe4,
      data: d(-40),
      quantidade: 2,
      motivo: 'admissao',
      entreguePor: people.gerente,
      ...inApp,
    },
    {
      itemId: botina42,
      colaboradorId: people.equipe5,
      data: d(-10),
      quantidade: 1,
      motivo: 'admissao',
      entreguePor: by,
      ...signed,
    },
  ];
  const inserted = await tx.insert(epiDeliveries).values(deliveries).returning({
    id: epiDeliveries.id,
    itemId: epiDeliveries.itemId,
    quantidade: epiDeliveries.quantidade,
    colaboradorId: epiDeliveries.colaboradorId,
    confirmacao: epiDeliveries.confirmacao,
  });
  shared.epiDeliveries = inserted;
  // João's gloves in use: the demo replacement request (requests.seed.ts) points at them.
  shared.epiReplacementDelivery = inserted.find(
    (x) => x.colaboradorId === people.equipe && x.itemId === luvaG,
  )?.id;

  if (storage) {
    const names = new Map(
      (await tx.select({ id: users.id, nome: users.nome }).from(users)).map((u) => [u.id, u.nome]),
    );
    for (const x of inserted.filter((i) => i.confirmacao === 'assinatura')) {
      const png = demoSignaturePng(names.get(x.colaboradorId) ?? 'E-Proto');
      const key = await storage.put('epi-assinaturas', 'png', png);
      await tx.update(epiDeliveries).set({ assinaturaKey: key }).where(eq(epiDeliveries.id, x.id));
    }
  }

  await tx.insert(epiMovements).values([
    ...rows.map((r) => ({
      itemId: r.id,
      tipo: 'entrada' as const,
      quantidade: r.estoque,
      saldoApos: r.estoque,
      observacao: 'Estoque inicial',
      userId: by,
    })),
    ...inserted.map((x) => ({
      itemId: x.itemId,
      tipo: 'entrega' as const,
      quantidade: x.quantidade,
      saldoApos: rows.find((r) => r.id === x.itemId)!.estoque,
      deliveryId: x.id,
      userId: by,
    })),
  ]);
}
