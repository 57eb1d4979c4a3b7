import { createHash } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  osCode,
  startOfDayInZone,
  todayIn,
  type OsStatus,
  type ServiceTypeBody,
} from '@eproto/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  contracts,
  inventoryItems,
  serviceOrderAnswers,
  serviceOrderEvents,
  serviceOrderMaterials,
  serviceOrderPeople,
  serviceOrderPhotos,
  serviceOrders,
} from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import type { DemoKey } from '../../seed/demo-users.ts';
import { createInventoryService } from '../inventory/inventory.service.ts';
import { demoSignaturePng, encodeGreyPng } from '../../lib/png.ts';
import { hashContent, sealedContent } from './service-order-seal.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';
import { createServiceTypesRepo, type TemplateItemRow } from './service-types.repo.ts';

/** The three demo service types with real checklists (PMOC, NR-10 panel, water tank). */
export const DEMO_SERVICE_TYPES: ServiceTypeBody[] = [
  {
    nome: 'Manutenção preventiva de ar-condicionado (PMOC)',
    descricao: 'Rotina mensal do Plano de Manutenção, Operação e Controle (Lei 13.589/2018).',
    itens: [
      { titulo: 'Filtros de ar limpos ou substituídos', tipo: 'sim_nao', obrigatorio: true },
      { titulo: 'Bandeja de condensado limpa e sem obstrução', tipo: 'sim_nao', obrigatorio: true },
      {
        titulo: 'Temperatura de insuflamento',
        tipo: 'numero',
        obrigatorio: true,
        unidade: '°C',
        minimo: 5,
        maximo: 25,
        ajuda: 'Meça na saída da evaporadora, com o equipamento em regime.',
      },
      {
        titulo: 'Corrente do compressor',
        tipo: 'numero',
        unidade: 'A',
        minimo: 0,
        maximo: 60,
      },
      {
        titulo: 'Estado da serpentina',
        tipo: 'escolha_unica',
        obrigatorio: true,
        opcoes: ['Limpa', 'Suja', 'Corroída'],
      },
      {
        titulo: 'Itens substituídos',
        tipo: 'escolha_multipla',
        opcoes: ['Filtro', 'Correia', 'Capacitor', 'Contator'],
      },
      {
        titulo: 'Foto do equipamento após a limpeza',
        tipo: 'foto',
        obrigatorio: true,
        fotos_minimas: 1,
      },
      { titulo: 'Observações técnicas', tipo: 'texto_longo' },
    ],
  },
  {
    nome: 'Inspeção de quadro elétrico (NR-10)',
    descricao: 'Inspeção visual e termográfica de quadros de distribuição.',
    itens: [
      { titulo: 'Quadro identificado e com diagrama', tipo: 'sim_nao', obrigatorio: true },
      { titulo: 'Aperto de conexões verificado', tipo: 'sim_nao', obrigatorio: true },
      {
        titulo: 'Maior temperatura medida (termografia)',
        tipo: 'numero',
        obrigatorio: true,
        unidade: '°C',
        minimo: 0,
        maximo: 120,
      },
      {
        titulo: 'Tensão entre fases',
        tipo: 'numero',
        unidade: 'V',
        minimo: 180,
        maximo: 460,
      },
      { titulo: 'Identificação do quadro', tipo: 'texto_curto', obrigatorio: true },
      { titulo: 'Fotos do quadro aberto', tipo: 'foto', obrigatorio: true, fotos_minimas: 2 },
    ],
  },
  {
    nome: 'Limpeza de caixa d’água',
    descricao: 'Limpeza e desinfecção semestral de reservatório (Portaria GM/MS 888/2021).',
    itens: [
      { titulo: 'Registro de entrada fechado', tipo: 'sim_nao', obrigatorio: true },
      { titulo: 'Reservatório esvaziado e escovado', tipo: 'sim_nao', obrigatorio: true },
      {
        titulo: 'Cloro residual livre após a limpeza',
        tipo: 'numero',
        obrigatorio: true,
        unidade: 'mg/L',
        minimo: 0.2,
        maximo: 5,
      },
      {
        titulo: 'Volume do reservatório',
        tipo: 'numero',
        unidade: 'L',
        minimo: 100,
        maximo: 100_000,
      },
      { titulo: 'Próxima limpeza', tipo: 'data', obrigatorio: true },
      { titulo: 'Foto do reservatório limpo', tipo: 'foto', obrigatorio: true, fotos_minimas: 1 },
    ],
  },
];

interface Plan {
  status: OsStatus;
  day: number;
  hour: number;
  type: 0 | 1 | 2;
  people: DemoKey[];
  refused?: boolean;
}

const SITES: Array<[string, number, number]> = [
  ['Hospital São Lucas — casa de máquinas, bloco B', -23.5614, -46.6559],
  ['Prefeitura — Paço Municipal, subsolo', -23.5503, -46.6339],
  ['Central de Telecom — Sala de equipamentos 2', -23.5329, -46.6395],
  ['Hospital São Lucas — UTI adulto, 4º andar', -23.5616, -46.6556],
  ['Escola Municipal Vila Nova — reservatório superior', -23.5871, -46.6821],
];

const S: Record<OsStatus, number> = {
  aberta: 8,
  em_deslocamento: 3,
  em_execucao: 5,
  pausada: 2,
  concluida: 9,
  cancelada: 3,
};

/** 30 OSs in every status (9 concluded and sealed, one refused by the customer). */
function plans(): Plan[] {
  const teams: DemoKey[][] = [
    ['equipe'],
    ['equipe2', 'equipe3'],
    ['equipe4'],
    ['equipe', 'equipe5'],
    ['equipe3'],
  ];
  const out: Plan[] = [];
  let i = 0;
  for (const status of Object.keys(S) as OsStatus[]) {
    for (let k = 0; k < S[status]; k++) {
      const past = status === 'concluida' || status === 'cancelada';
      const now = status === 'em_deslocamento' || status === 'em_execucao' || status === 'pausada';
      out.push({
        status,
        day: past ? -1 - k : now ? 0 : 1 + (k % 6) - (k === 0 ? 3 : 0),
        hour: 8 + ((i * 3) % 9),
        type: (i % 3) as 0 | 1 | 2,
        people: teams[i % teams.length]!,
        refused: status === 'concluida' && k === 4,
      });
      i++;
    }
  }
  return out;
}

/** A small photo-like image (gradient + bands), different per seed. */
function demoPhoto(seed: number): Buffer {
  const w = 160;
  const h = 120;
  const px = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      px[y * w + x] = (x * 2 + y + seed * 37 + (Math.floor(y / 20) % 2) * 60) % 256;
    }
  }
  return encodeGreyPng(w, h, px);
}

/** A plausible answer for a template item (inside its range). */
function answerFor(item: TemplateItemRow, i: number) {
  const base = {
    valorSimNao: null as 'sim' | 'nao' | 'na' | null,
    valorNumero: null as number | null,
    valorTexto: null as string | null,
    valorOpcoes: null as string[] | null,
    valorData: null as string | null,
  };
  switch (item.tipo) {
    case 'sim_nao':
      return { ...base, valorSimNao: 'sim' as const };
    case 'numero': {
      const min = item.minimo ?? 0;
      const max = item.maximo ?? min + 100;
      return {
        ...base,
        valorNumero: Math.round((min + ((max - min) * (30 + (i % 5) * 10)) / 100) * 10) / 10,
      };
    }
    case 'texto_curto':
      return { ...base, valorTexto: `QDF-${String(10 + i).padStart(2, '0')}` };
    case 'texto_longo':
      return {
        ...base,
        valorTexto: 'Equipamento operando dentro dos parâmetros após a manutenção.',
      };
    case 'escolha_unica':
      return { ...base, valorOpcoes: [item.opcoes[0]!] };
    case 'escolha_multipla':
      return { ...base, valorOpcoes: item.opcoes.slice(0, 2) };
    case 'data':
      return { ...base, valorData: `${new Date().getFullYear() + 1}-05-15` };
    case 'foto':
      return null;
  }
}

/**
 * Service types and 30 service orders in every status on the demo contracts, with steps,
 * positions, answers, photos (when there is storage), materials and customer signatures; the
 * concluded ones are sealed exactly as the service seals them.
 */
export async function seedServiceOrders({
  tx,
  people,
  shared,
  storage,
}: SeedContext): Promise<void> {
  const ids = (shared.contractIds as number[] | undefined) ?? [];
  const cs = ids.length
    ? await tx.select({ id: contracts.id }).from(contracts).where(inArray(contracts.id, ids))
    : await tx.select({ id: contracts.id }).from(contracts).orderBy(asc(contracts.id)).limit(3);
  if (cs.length === 0) return;
  const types = createServiceTypesRepo(tx);
  const repo = createServiceOrdersRepo(tx);
  const tpl: { id: number; versionId: number; items: TemplateItemRow[] }[] = [];
  for (const body of DEMO_SERVICE_TYPES) {
    const t = await types.insertType({
      nome: body.nome,
      descricao: body.descricao ?? null,
      createdBy: people.gerente,
    });
    const v = await types.insertVersion(
      t.id,
      people.gerente,
      body.itens.map((i, ordem) => ({
        ordem,
        titulo: i.titulo,
        tipo: i.tipo,
        obrigatorio: i.obrigatorio ?? false,
        ajuda: i.ajuda ?? null,
        unidade: i.unidade ?? null,
        minimo: i.minimo ?? null,
        maximo: i.maximo ?? null,
        opcoes: i.opcoes ?? [],
        fotosMinimas: i.tipo === 'foto' ? Number(i.fotos_minimas ?? 1) : null,
      })),
    );
    tpl.push({ id: t.id, versionId: v.id, items: await types.items([v.id]) });
  }
  const consumables = await tx
    .select({ id: inventoryItems.id, quantidade: inventoryItems.quantidade })
    .from(inventoryItems)
    .where(eq(inventoryItems.natureza, 'consumivel'))
    .orderBy(asc(inventoryItems.id));
  const inventory = createInventoryService({
    database: { db: tx },
    events: { publish: async () => undefined },
  } as unknown as Parameters<typeof createInventoryService>[0]);

  const tz = DEFAULT_TIME_ZONE;
  const today = todayIn(tz);
  const year = Number(today.slice(0, 4));
  const midnight = startOfDayInZone(today, tz).getTime();
  const at = (day: number, hour: number) =>
    new Date(midnight + day * 86_400_000 + hour * 3_600_000);
  const now = new Date();

  for (const [i, p] of plans().entries()) {
    const t = tpl[p.type]!;
    const [local, lat, lng] = SITES[i % SITES.length]!;
    const contractId = cs[i % cs.length]!.id;
    const start = p.status === 'aberta' ? at(p.day, p.hour) : at(p.day, 8 + (i % 4));
    const inicio =
      p.day === 0 ? new Date(Math.min(start.getTime(), now.getTime() - 2 * 3_600_000)) : start;
    const fim = new Date(inicio.getTime() + 3 * 3_600_000);
    const numero = await repo.nextNumber(year);
    const team = p.people.map((k) => people[k]);
    const os = await repo.insert({
      codigo: osCode(year, numero),
      ano: year,
      numero,
      contractId,
      serviceTypeId: t.id,
      versionId: t.versionId,
      local,
      latitude: lat,
      longitude: lng,
      descricao: 'Serviço programado pelo contrato.',
      clienteEmail: 'manutencao@cliente.test',
      previstoInicio: inicio,
      previstoFim: fim,
      createdBy: people.coordenador,
      createdAt: new Date(inicio.getTime() - 3 * 86_400_000),
    });
    await tx.insert(serviceOrderPeople).values(
      team.map((userId) => ({
        serviceOrderId: os.id,
        userId,
        addedBy: people.coordenador,
        entrouEm: new Date(inicio.getTime() - 3 * 86_400_000),
      })),
    );
    const ev = (tipo: string, status: OsStatus | null, em: Date, extra: object = {}) =>
      tx.insert(serviceOrderEvents).values({
        serviceOrderId: os.id,
        tipo,
        status,
        userId: tipo === 'criada' || tipo === 'cancelada' ? people.coordenador : team[0]!,
        em,
        ...extra,
      });
    await ev('criada', 'aberta', new Date(inicio.getTime() - 3 * 86_400_000));
    if (p.status === 'aberta') continue;
    if (p.status === 'cancelada') {
      const em = new Date(inicio.getTime() - 86_400_000);
      await ev('cancelada', 'cancelada', em, { motivo: 'Cliente pediu reagendamento.' });
      await repo.update(os.id, {
        status: 'cancelada',
        canceladaEm: em,
        cancelamentoMotivo: 'Cliente pediu reagendamento.',
      });
      continue;
    }
    const leave = new Date(inicio.getTime() - 40 * 60_000);
    await ev('a_caminho', 'em_deslocamento', leave, {
      latitude: lat + 0.03,
      longitude: lng - 0.02,
      precisaoM: 25,
    });
    if (p.status === 'em_deslocamento') {
      await repo.update(os.id, { status: 'em_deslocamento' });
      continue;
    }
    const checkIn = inicio;
    const gps =
      i % 7 === 3 ? {} : { latitude: lat + 0.0004, longitude: lng, precisaoM: 9, distanciaM: 44 };
    await ev('check_in', 'em_execucao', checkIn, gps);
    // Answers of everything but photos; photos of the photo items (with storage).
    for (const [k, item] of t.items.entries()) {
      const v = answerFor(item, i + k);
      if (!v) continue;
      if (p.status !== 'concluida' && k > 2) break;
      await tx.insert(serviceOrderAnswers).values({
        serviceOrderId: os.id,
        itemId: item.id,
        ...v,
        respondidoPor: team[0]!,
        respondidoEm: new Date(checkIn.getTime() + (k + 1) * 5 * 60_000),
      });
    }
    if (storage) {
      for (const item of t.items.filter((x) => x.tipo === 'foto')) {
        const n = p.status === 'concluida' ? (item.fotosMinimas ?? 1) : 1;
        for (let f = 0; f < n; f++) {
          const data = demoPhoto(i * 10 + f);
          const key = await storage.put(`os-fotos/${os.id}`, 'png', data);
          await tx.insert(serviceOrderPhotos).values({
            serviceOrderId: os.id,
            storageKey: key,
            mimeType: 'image/png',
            size: data.length,
            sha256: createHash('sha256').update(data).digest('hex'),
            fileName: `foto-${f + 1}.png`,
            tiradaEm: new Date(checkIn.getTime() + 30 * 60_000),
            latitude: lat,
            longitude: lng,
            precisaoM: 10,
            tag: f === 0 ? 'depois' : 'antes',
            legenda: item.titulo,
            checklistItemId: item.id,
            uploadedBy: team[0]!,
          });
        }
      }
    }
    const stock = consumables[i % Math.max(1, consumables.length)];
    if (stock && stock.quantidade > 10 && p.status === 'concluida') {
      const { movement } = await inventory.moveIn(
        tx,
        { id: team[0]!, type: 'equipe' },
        stock.id,
        {
          tipo: 'saida',
          quantidade: 1,
          destino_localizacao: local.slice(0, 120),
          motivo: osCode(year, numero),
        },
        { contractId, serviceOrderId: os.id },
      );
      stock.quantidade -= 1;
      await tx.insert(serviceOrderMaterials).values({
        serviceOrderId: os.id,
        itemId: stock.id,
        quantidade: 1,
        movementId: movement.id,
        userId: team[0]!,
        createdAt: new Date(checkIn.getTime() + 60 * 60_000),
      });
    }
    await repo.update(os.id, { status: 'em_execucao', checkInEm: checkIn });
    if (p.status === 'em_execucao') continue;
    if (p.status === 'pausada') {
      await ev('pausada', 'pausada', new Date(checkIn.getTime() + 50 * 60_000), {
        motivo: 'Aguardando liberação do cliente.',
      });
      await repo.update(os.id, { status: 'pausada' });
      continue;
    }
    const end = new Date(checkIn.getTime() + (90 + (i % 4) * 20) * 60_000);
    const signerName = ['Marta Souza', 'Paulo Henrique Dias', 'Luciana Prado'][i % 3]!;
    await ev('concluida', 'concluida', end, {
      latitude: lat,
      longitude: lng,
      precisaoM: 11,
      motivo: p.refused ? 'Responsável do cliente não estava no local.' : null,
      texto: p.refused ? 'O cliente recusou a assinatura' : `Assinada por ${signerName}`,
    });
    let signature: { key: string; sha: string } | null = null;
    if (!p.refused && storage) {
      const png = demoSignaturePng(signerName);
      signature = {
        key: await storage.put(`os-assinaturas/${os.id}`, 'png', png),
        sha: createHash('sha256').update(png).digest('hex'),
      };
    }
    await repo.update(os.id, {
      status: 'concluida',
      concluidaEm: end,
      seladaEm: end,
      observacoes: 'Serviço executado conforme o plano.',
      assinaturaTipo: p.refused ? 'recusada' : 'assinada',
      clienteNome: p.refused ? null : signerName,
      clienteCpf: p.refused ? null : ['52998224725', '11144477735', '39053344705'][i % 3]!,
      assinaturaKey: signature?.key ?? null,
      assinaturaSha256: signature?.sha ?? null,
      recusaMotivo: p.refused ? 'Responsável do cliente não estava no local.' : null,
      avaliacao: p.refused ? null : 4 + (i % 2),
      comentario: p.refused ? null : 'Equipe pontual e cuidadosa.',
    });
    const content = await sealedContent(tx, os.id);
    await tx
      .update(serviceOrders)
      .set({ selo: hashContent(content) })
      .where(eq(serviceOrders.id, os.id));
  }
}
