import { roleOf } from '@eproto/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  chatMessages,
  contractChatMessages,
  contractChatReads,
  contracts,
  userContracts,
  users,
} from '../../db/schema/index.ts';
import type { DemoKey } from '../../seed/demo-users.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

const MIN = 60_000;

/** [from, to, text, minutes ago]; the last messages of each conversation stay unread. */
type Line = [DemoKey, DemoKey, string, number];

const DIRECT: Line[][] = [
  [
    ['coordenador', 'equipe', 'Bom dia, João! Conseguiu chegar na obra do bloco B?', 60 * 26],
    [
      'equipe',
      'coordenador',
      'Bom dia! Cheguei sim, a equipe já está montando o andaime.',
      60 * 26 - 12,
    ],
    [
      'coordenador',
      'equipe',
      'Ótimo. Não esqueça de registrar as fotos da vistoria no sistema.',
      60 * 26 - 15,
    ],
    ['equipe', 'coordenador', 'Pode deixar, subo tudo até o fim do dia.', 60 * 25],
    [
      'coordenador',
      'equipe',
      'João, amanhã começamos às 7h. Confirma a retirada da caminhonete?',
      45,
    ],
    ['coordenador', 'equipe', '@João Pereira também preciso do checklist de EPI assinado.', 8],
  ],
  [
    ['gerente', 'coordenador', 'Marcos, como está o cronograma da manutenção preventiva?', 60 * 5],
    [
      'coordenador',
      'gerente',
      'Dentro do prazo. Só a troca dos filtros ficou para quinta.',
      60 * 5 - 20,
    ],
    ['gerente', 'coordenador', 'Perfeito. Me avise se precisar de mais gente na equipe.', 60 * 4],
  ],
  [
    [
      'diretor',
      'gerente',
      'Fernanda, preciso do resumo dos contratos ativos para a reunião de segunda.',
      60 * 30,
    ],
    ['gerente', 'diretor', 'Te envio até sexta com os indicadores de prazo.', 60 * 29],
    ['diretor', 'gerente', 'Obrigado! Inclua também as demandas atrasadas.', 60 * 2],
  ],
  [
    ['coordenador', 'equipe2', 'Ana, a medição do mês já foi conferida?', 60 * 50],
    ['equipe2', 'coordenador', 'Já sim, está tudo na pasta do contrato.', 60 * 49],
  ],
  [
    ['cfo', 'diretor', 'Carlos, as notas das medições de março já foram emitidas.', 60 * 72],
    ['diretor', 'cfo', 'Ótimo, obrigado pelo retorno rápido.', 60 * 71],
  ],
];

const ROOM_LINES = [
  'Pessoal, bom dia! Atualizem aqui o andamento das atividades de hoje.',
  'Equipe em campo desde as 7h, serviço seguindo normalmente.',
  'O cliente pediu para antecipar a vistoria para quinta-feira.',
  'Combinado. Vou ajustar a agenda e aviso quem vai.',
  'Lembrem de usar os EPIs completos na área de risco.',
];

/** Demo chat: conversations between the demo people and a few messages in every contract room. */
export async function seedChat({ tx, people }: SeedContext): Promise<void> {
  const now = Date.now();
  for (const [n, conversation] of DIRECT.entries()) {
    // The last message (the last two in the first conversation) waits for its reader.
    const firstUnread = conversation.length - (n === 0 ? 2 : 1);
    await tx.insert(chatMessages).values(
      conversation.map(([from, to, content, ago], i) => ({
        senderId: people[from],
        recipientId: people[to],
        content,
        createdAt: new Date(now - ago * MIN),
        readAt: i < firstUnread ? new Date(now - ago * MIN + MIN) : null,
      })),
    );
  }

  const rooms = await tx.select({ id: contracts.id }).from(contracts).orderBy(asc(contracts.id));
  if (rooms.length === 0) return;
  const links = await tx
    .select({
      contractId: userContracts.contractId,
      userId: userContracts.userId,
      role: users.role,
    })
    .from(userContracts)
    .innerJoin(users, eq(users.id, userContracts.userId))
    .where(
      inArray(
        userContracts.contractId,
        rooms.map((r) => r.id),
      ),
    );
  const chatRoles = new Set(['coordenador', 'gerente', 'diretoria', 'equipe']);

  for (const [index, room] of rooms.entries()) {
    const members = links
      .filter((l) => l.contractId === room.id && chatRoles.has(roleOf(l.role)))
      .map((l) => l.userId);
    const speakers = members.length > 0 ? members : [people.coordenador, people.gerente];
    const count = 3 + (index % 3);
    const inserted = await tx
      .insert(contractChatMessages)
      .values(
        ROOM_LINES.slice(0, count).map((content, i) => ({
          contractId: room.id,
          senderId: speakers[i % speakers.length]!,
          content,
          createdAt: new Date(now - (index * 90 + (count - i) * 35) * MIN),
        })),
      )
      .returning({ id: contractChatMessages.id });
    // Everyone but the demo equipe sign-in has read the room up to its second-to-last message.
    const readUpTo = inserted.at(-2)?.id ?? 0;
    const readers = members.filter((id) => id !== people.equipe);
    if (readers.length && readUpTo) {
      await tx
        .insert(contractChatReads)
        .values(readers.map((userId) => ({ userId, contractId: room.id, lastReadId: readUpTo })));
    }
  }
}
