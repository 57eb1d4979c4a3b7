import type { ActivityEntry } from '@eproto/domain';
import { Badge, Group, Text } from '@mantine/core';

import type { ListColumn } from '../../../components/list-page.tsx';
import { dayjs } from '../../../lib/dates.ts';

const OBJECT_NAMES: Record<string, string> = {
  murals: 'Demanda',
  protocols: 'Tarefa',
  tasks: 'Tarefa',
  boards: 'Quadro',
  users: 'Usuário',
  invites: 'Convite',
  support: 'Chamado',
  profile: 'Perfil',
  contracts: 'Contrato',
  'user-contracts': 'Vínculo de contrato',
  notifications: 'Aviso',
  solicitacoes: 'Solicitação',
  financeiro: 'Demanda',
  recurrence: 'Recorrência',
  reviews: 'Revisão',
  tatico: 'Tático',
  chat: 'Chat',
  'contract-chat': 'Chat do contrato',
  ai: 'Assistente',
};

function kindColor(action: string): string {
  if (action === 'login') return 'teal';
  if (action === 'login_failed') return 'red';
  if (action === 'logout') return 'gray';
  if (action.startsWith('DELETE ')) return 'orange';
  if (action.includes(' ')) return 'blue';
  return 'grape';
}

const when = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm:ss');

/** "Usuário · Gisele Prado"; the bare number only when the object no longer exists. */
function objectText(e: ActivityEntry): string {
  if (!e.objectType) return '—';
  const kind = OBJECT_NAMES[e.objectType] ?? e.objectType;
  if (e.objectName) return `${kind} · ${e.objectName}`;
  return e.objectId ? `${kind} nº ${e.objectId}` : kind;
}

function Who({ e }: { e: ActivityEntry }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate="end">
        {e.userNome ?? 'Desconhecido'}
      </Text>
      {e.email && (
        <Text size="xs" c="dimmed" truncate="end">
          {e.email}
        </Text>
      )}
    </div>
  );
}

function Action({ e, maw }: { e: ActivityEntry; maw?: string }) {
  return (
    <Badge
      variant="light"
      color={kindColor(e.action)}
      radius="sm"
      tt="none"
      title={e.action}
      maw={maw}
      // Labels are whole sentences with names: they wrap instead of ending in "…".
      h="auto"
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35, paddingBlock: 3 } }}
    >
      {e.label}
    </Badge>
  );
}

/** The log's columns from tablets up. */
export const activityColumns: ListColumn<ActivityEntry>[] = [
  {
    header: 'Quando',
    w: 180,
    nowrap: true,
    cell: (e) => <Text size="sm">{when(e.createdAt)}</Text>,
  },
  { header: 'Usuário', maw: 260, cell: (e) => <Who e={e} /> },
  { header: 'Ação', cell: (e) => <Action e={e} /> },
  { header: 'Objeto', cell: (e) => <Text size="sm">{objectText(e)}</Text> },
  {
    header: 'Endereço IP',
    w: 150,
    cell: (e) => (
      <Text size="sm" ff="monospace">
        {e.ip ?? '—'}
      </Text>
    ),
  },
];

/** An entry on a phone: who and what, then when, on which object and from where. */
export function ActivityCard({ e }: { e: ActivityEntry }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Who e={e} />
        {/* long action names give way to the person's name on phones */}
        <Action e={e} maw="55%" />
      </Group>
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c="dimmed">
          {when(e.createdAt)}
        </Text>
        <Text size="xs" c="dimmed">
          {[e.objectType ? objectText(e) : null, e.ip ? `IP ${e.ip}` : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
    </>
  );
}
