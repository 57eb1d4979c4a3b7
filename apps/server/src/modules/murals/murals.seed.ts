import { eq } from 'drizzle-orm';
import { todayIn, type Stage } from '@eproto/domain';
import {
  boardParticipants,
  boards,
  contracts,
  muralAttachments,
  muralHistory,
  muralMessages,
  muralParticipants,
  murals,
  muralViews,
  notifications,
  userContracts,
} from '../../db/schema/index.ts';
import { DEMO_PEOPLE, type DemoKey } from '../../seed/demo-users.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { findMentions } from '../work-items/mentions.ts';
import {
  DEMO_BOARDS,
  DEMO_CONTRACTS,
  DEMO_DEMANDS,
  DEMO_FILES,
  DEMO_MESSAGES,
} from './murals.seed-data.ts';
import { demoFile } from './murals.seed-files.ts';

/** A demand made by the demo seeder, as later seeders (tasks, finance, agenda) receive it. */
export interface SeededMural {
  id: number;
  titulo: string;
  boardId: number;
  contractId: number | null;
  responsavelId: number;
  stage: Stage;
  inicioPrevisto: string;
  fimPrevisto: string;
}

const addDays = (day: string, n: number) =>
  new Date(new Date(`${day}T12:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);
const min = (a: string, b: string) => (a < b ? a : b);
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

const BOARD_OWNER: Record<string, DemoKey> = {
  hospital: 'coordenador',
  iluminacao: 'coordenador',
  torres: 'coordenador2',
  shopping: 'coordenador2',
  diretoria: 'diretor',
};

/**
 * Demo contracts, user links, boards and ~60 demands with participants, history, messages
 * (some @mentions, with their notifications), small attachments (when storage is given) and
 * "seen" marks. Leaves in ctx.shared: contracts (key -> id), contractIds, boards (key -> id),
 * murals (SeededMural[]).
 */
export async function seedDemands({ tx, people, shared, storage }: SeedContext): Promise<void> {
  const today = todayIn();
  const day = (offset: number) => addDays(today, offset);

  const contractRows = await tx
    .insert(contracts)
    .values(
      DEMO_CONTRACTS.map((c) => ({
        codigo: c.codigo,
        nome: c.nome,
        cliente: c.cliente,
        descricao: c.descricao,
        inicio: day(c.inicio),
        fim: day(c.fim),
        status: c.status,
        valor: c.valor,
        createdBy: people.ti,
      })),
    )
    .returning({ id: contracts.id, codigo: contracts.codigo });
  const contractId: Record<string, number> = {};
  for (const c of DEMO_CONTRACTS) {
    contractId[c.key] = contractRows.find((r) => r.codigo === c.codigo)!.id;
  }
  await tx.insert(userContracts).values(
    DEMO_CONTRACTS.flatMap((c) =>
      c.users.map((key) => ({
        userId: people[key],
        contractId: contractId[c.key]!,
        createdBy: people.ti,
      })),
    ),
  );

  const boardId: Record<string, number> = {};
  for (const b of DEMO_BOARDS) {
    const [row] = await tx
      .insert(boards)
      .values({
        nome: b.nome,
        descricao: b.descricao,
        contractId: b.contract ? contractId[b.contract]! : null,
        cor: b.cor,
        createdBy: people[BOARD_OWNER[b.key]!],
      })
      .returning({ id: boards.id });
    boardId[b.key] = row!.id;
    await tx.insert(boardParticipants).values(
      b.participants.map((key) => ({
        boardId: row!.id,
        userId: people[key],
        addedBy: people.gerente,
      })),
    );
  }

  const seeded: SeededMural[] = [];
  const byBoard: Record<string, number[]> = {};
  for (const b of DEMO_BOARDS) {
    const owner = people[BOARD_OWNER[b.key]!];
    const list = DEMO_DEMANDS[b.key] ?? [];
    byBoard[b.key] = [];
    for (const [i, [titulo, prioridade, stage, start, dur, resp, extra]] of list.entries()) {
      const inicioPrevisto = day(start);
      const fimPrevisto = day(start + dur);
      // Planned work may lie ahead, but it was created in the past.
      const created = min(day(start - 4 - (i % 5)), day(-1 - (i % 7)));
      const inicioReal = stage === 'a_fazer' ? null : min(day(start + (i % 2)), today);
      const fimReal = stage === 'concluido' ? min(day(start + dur - (i % 3)), today) : null;
      const lastDay = fimReal ?? inicioReal ?? created;
      const [row] = await tx
        .insert(murals)
        .values({
          titulo,
          descricao: `${titulo}. Demanda do quadro "${b.nome}".`,
          boardId: boardId[b.key]!,
          contractId: b.contract ? contractId[b.contract]! : null,
          prioridade,
          stage,
          responsavelId: people[resp],
          inicioPrevisto,
          fimPrevisto,
          inicioReal,
          fimReal,
          createdBy: owner,
          createdAt: at(created, 11),
          updatedAt: at(lastDay, 15),
          lastActivityAt: at(lastDay, 15),
          lastActivityBy: stage === 'a_fazer' ? owner : people[resp],
        })
        .returning({ id: murals.id });
      const id = row!.id;
      byBoard[b.key]!.push(id);
      seeded.push({
        id,
        titulo,
        boardId: boardId[b.key]!,
        contractId: b.contract ? contractId[b.contract]! : null,
        responsavelId: people[resp],
        stage,
        inicioPrevisto,
        fimPrevisto,
      });
      const participants = [...new Set([resp, ...extra])].map((k) => people[k]);
      await tx
        .insert(muralParticipants)
        .values(participants.map((userId) => ({ muralId: id, userId, addedBy: owner })));
      await tx.insert(muralHistory).values([
        {
          muralId: id,
          authorId: owner,
          action: 'criada',
          after: {
            titulo,
            prioridade,
            stage: 'a_fazer',
            responsavel_id: people[resp],
            inicio_previsto: inicioPrevisto,
            fim_previsto: fimPrevisto,
          },
          createdAt: at(created, 11),
        },
        ...(stage === 'a_fazer'
          ? []
          : [
              {
                muralId: id,
                authorId: people[resp],
                action: 'etapa_alterada',
                before: { stage: 'a_fazer', inicio_real: null, fim_real: null },
                after: { stage, inicio_real: inicioReal, fim_real: fimReal },
                createdAt: at(lastDay, 15),
              },
            ]),
      ]);
      // Most demands were already opened by their responsável; a few stay "unread".
      if (i % 4 !== 1) {
        await tx
          .insert(muralViews)
          .values({ muralId: id, userId: people[resp], viewedAt: at(lastDay, 16) });
      }
    }
  }

  const names = DEMO_PEOPLE.map((p) => ({ id: people[p.key], nome: p.nome }));
  const now = Date.now();
  for (const [n, [boardKey, index, author, texto]] of DEMO_MESSAGES.entries()) {
    const muralId = byBoard[boardKey]![index]!;
    const when = new Date(now - (DEMO_MESSAGES.length - n) * 47 * 60_000);
    const mentions = findMentions(texto, names).filter((id) => id !== people[author]);
    await tx
      .insert(muralMessages)
      .values({ muralId, authorId: people[author], texto, mentions, createdAt: when });
    await tx.insert(muralHistory).values({
      muralId,
      authorId: people[author],
      action: 'mensagem',
      after: { mentions },
      texto: texto.slice(0, 300),
      createdAt: when,
    });
    if (mentions.length) {
      const titulo = seeded.find((m) => m.id === muralId)!.titulo;
      const nome = DEMO_PEOPLE.find((p) => p.key === author)!.nome;
      await tx.insert(notifications).values(
        mentions.map((userId) => ({
          userId,
          type: 'mention',
          authorId: people[author],
          muralId,
          texto: `${nome} mencionou você em "${titulo}": ${texto}`,
          createdAt: when,
        })),
      );
    }
    await tx
      .update(murals)
      .set({ lastActivityAt: when, lastActivityBy: people[author] })
      .where(eq(murals.id, muralId));
  }

  if (storage) {
    for (const [n, [boardKey, index, author, fileName, displayName]] of DEMO_FILES.entries()) {
      const muralId = byBoard[boardKey]![index]!;
      const file = demoFile(fileName, displayName);
      const key = await storage.put(`murals/${muralId}`, file.ext, file.data);
      const when = new Date(now - (DEMO_FILES.length - n) * 95 * 60_000);
      const [att] = await tx
        .insert(muralAttachments)
        .values({
          muralId,
          storageKey: key,
          displayName,
          fileName,
          mimeType: file.mime,
          size: file.data.length,
          uploadedBy: people[author],
          createdAt: when,
        })
        .returning({ id: muralAttachments.id });
      await tx.insert(muralHistory).values({
        muralId,
        authorId: people[author],
        action: 'anexo_adicionado',
        after: {
          attachment_id: att!.id,
          display_name: displayName,
          file_name: fileName,
          mime_type: file.mime,
          size: file.data.length,
        },
        createdAt: when,
      });
    }
  }

  shared.contracts = contractId;
  shared.contractIds = Object.values(contractId);
  shared.boards = boardId;
  shared.murals = seeded;
}
