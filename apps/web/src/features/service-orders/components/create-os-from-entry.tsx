import type { AgendaEntry } from '@eproto/domain';
import { OS_MANAGE_ROLES, roleOf } from '@eproto/domain';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconClipboardPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import { useCreateServiceOrderFromAgenda } from '../api/create-service-order.ts';
import { useServiceTypes } from '../api/get-service-types.ts';

/**
 * "Criar OS" on an agenda entry without one: pick the service type and one click makes the OS
 * with the entry's contract, place, time, team and vehicle; the entry then shows it.
 */
export default function CreateOsFromEntry({ entry }: { entry: AgendaEntry }) {
  const { user } = useSession();
  const manager = OS_MANAGE_ROLES.includes(roleOf(user?.rawType ?? user?.type));
  const types = useServiceTypes();
  const create = useCreateServiceOrderFromAgenda();
  const [tipo, setTipo] = useState<string | null>(null);

  if (!manager || entry.os || entry.status === 'cancelado' || entry.status === 'concluido') {
    return null;
  }
  const options = (types.data ?? [])
    .filter((t) => t.ativo)
    .map((t) => ({ value: String(t.id), label: t.nome }));

  return (
    <Stack gap={6} data-testid="create-os-from-entry">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Select
          label="Tipo de serviço da OS"
          placeholder={types.isPending ? 'Carregando…' : 'Escolha o checklist'}
          data={options}
          value={tipo ?? (options.length === 1 ? options[0]!.value : null)}
          onChange={setTipo}
          style={{ flex: 1 }}
        />
        <Button
          leftSection={<IconClipboardPlus size={18} />}
          loading={create.isPending}
          disabled={!(tipo ?? (options.length === 1 ? options[0]!.value : null))}
          onClick={() => {
            const chosen = tipo ?? options[0]?.value;
            if (!chosen) return;
            // the entry refetches and shows "Abrir OS-…" in place of this button
            create.mutate({ agenda_entry_id: entry.id, service_type_id: Number(chosen) });
          }}
        >
          Criar OS
        </Button>
      </Group>
    </Stack>
  );
}
