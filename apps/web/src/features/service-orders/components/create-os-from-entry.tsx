import type { AgendaEntry } from '@eproto/domain';
import { can } from '@eproto/domain';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconClipboardPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import { osTeamBlocks } from '../../sst/api/check-os-team.ts';
import { SstReleaseModal } from '../../sst/components/sst-release-modal.tsx';
import { useSstGatedSubmit } from '../../sst/hooks/use-sst-gated-submit.ts';
import { useCreateServiceOrderFromAgenda } from '../api/create-service-order.ts';
import { useServiceTypes } from '../api/get-service-types.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';

/**
 * "Criar OS" on an agenda entry without one: pick the service type and one click makes the OS
 * with the entry's contract, place, time, team and vehicle; the entry then shows it.
 */
export default function CreateOsFromEntry({ entry }: { entry: AgendaEntry }) {
  const { user } = useSession();
  const manager = can(subjectOf(user), 'os.manage');
  const types = useServiceTypes();
  const create = useCreateServiceOrderFromAgenda();
  const [tipo, setTipo] = useState<string | null>(null);
  // The service type's SST requirements first: a blocked team opens the conflict.
  const gate = useSstGatedSubmit<number>({
    check: (tipoId) =>
      osTeamBlocks({
        service_type_id: tipoId,
        pessoas: entry.pessoas.map((p) => p.id),
        previsto_fim: entry.fim,
      }),
    // the entry refetches and shows "Abrir OS-…" in place of this button
    send: (tipoId, release) =>
      create.mutateAsync({
        agenda_entry_id: entry.id,
        service_type_id: tipoId,
        ...(release ? { liberacao_sst: release } : {}),
      }),
  });

  // A cancelled OS leaves the entry free for a new one.
  const live = entry.os && entry.os.status !== 'cancelada';
  if (!manager || live || entry.status === 'cancelado' || entry.status === 'concluido') {
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
          loading={gate.checking || gate.sending}
          disabled={!(tipo ?? (options.length === 1 ? options[0]!.value : null))}
          onClick={() => {
            const chosen = tipo ?? options[0]?.value;
            if (chosen) void gate.submit(Number(chosen));
          }}
        >
          Criar OS
        </Button>
      </Group>
      <SstReleaseModal {...gate.modal} />
    </Stack>
  );
}
