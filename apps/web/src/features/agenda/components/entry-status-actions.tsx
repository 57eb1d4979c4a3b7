import type { AgendaEntry, AgendaStatus } from '@eproto/domain';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconRotate, IconX } from '@tabler/icons-react';

import { useSetEntryStatus } from '../api/set-entry-status.ts';
import { entryActions } from '../utils/entry-os.ts';

const ACTIONS: Record<
  AgendaStatus,
  { label: string; icon: React.ReactNode; color?: string; variant: string }
> = {
  em_execucao: { label: 'Iniciar', icon: <IconPlayerPlay size={16} />, variant: 'filled' },
  concluido: { label: 'Concluir', icon: <IconCheck size={16} />, color: 'teal', variant: 'filled' },
  cancelado: { label: 'Cancelar', icon: <IconX size={16} />, color: 'red', variant: 'light' },
  agendado: { label: 'Reabrir', icon: <IconRotate size={16} />, variant: 'light' },
};

/** Status buttons (`entryActions`): none once the entry's OS is under way or finished. */
export function EntryStatusActions({
  entry,
  manager,
  fullWidth = false,
}: {
  entry: AgendaEntry;
  manager: boolean;
  fullWidth?: boolean;
}) {
  const setStatus = useSetEntryStatus();
  const next = entryActions(entry, manager);
  if (next.length === 0) return null;
  return (
    <Group gap="xs" grow={fullWidth}>
      {next.map((to) => (
        <Button
          key={to}
          size={fullWidth ? 'md' : 'sm'}
          color={ACTIONS[to].color}
          variant={ACTIONS[to].variant}
          leftSection={ACTIONS[to].icon}
          loading={setStatus.isPending && setStatus.variables?.status === to}
          onClick={() => setStatus.mutate({ entry, status: to })}
        >
          {ACTIONS[to].label}
        </Button>
      ))}
    </Group>
  );
}
