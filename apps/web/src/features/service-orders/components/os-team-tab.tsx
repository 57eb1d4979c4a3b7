import type { OsDetail, OsTeamMember } from '@eproto/domain';
import { formatMinutes } from '@eproto/domain';
import { ActionIcon, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { addOsPersonReleased } from '../../sst/api/add-os-person-released.ts';
import { osTeamBlocks } from '../../sst/api/check-os-team.ts';
import { SstReleaseModal } from '../../sst/components/sst-release-modal.tsx';
import { useSstGatedSubmit } from '../../sst/hooks/use-sst-gated-submit.ts';
import { osKey } from '../api/keys.ts';
import { usePeople } from '../../../components/pickers/people.ts';
import { useOsStepMutation, type OsStepResult } from '../api/os-step.ts';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { shortDateTime } from '../utils/os-format.ts';

/** The team with each person's time on site; a helper can join or leave while it runs. */
export function OsTeamTab({ os, editable: onTeam }: { os: OsDetail; editable: boolean }) {
  // The team runs it; gestores of the contract also manage the team while it is open.
  const editable = onTeam || os.permissoes.gerenciar;
  const step = useOsStepMutation(os.id);
  const [adding, setAdding] = useState<string | null>(null);
  const people = usePeople(editable);
  const current = new Set(os.equipe.filter((m) => m.saiu_em === null).map((m) => m.pessoa.id));
  const choices = (people.data ?? [])
    .filter((p) => !current.has(p.id))
    .map((p) => ({ value: String(p.id), label: p.nome }));

  // Joining or leaving done on the phone and not yet on the server (its latest stint only).
  const pending = useOsPending();
  const latest = new Map(os.equipe.map((m) => [m.pessoa.id, m]));
  const waits = (m: OsTeamMember) => pending.team.has(m.pessoa.id) && latest.get(m.pessoa.id) === m;

  const queryClient = useQueryClient();

  // Queued offline: the step's own toast says it waits; the member shows "aguardando conexão".
  const added = (r?: OsStepResult) => {
    if (r?.status !== 'queued') toastSuccess('Pessoa adicionada à equipe.');
    setAdding(null);
  };

  const gate = useSstGatedSubmit<number>({
    // SST requirements of the service type, checked before the step is queued (offline the
    // check is skipped and the server checks when the step arrives).
    check: async (userId) => {
      const reasons = await osTeamBlocks({
        service_type_id: os.tipo.id,
        pessoas: [...current, userId],
        previsto_fim: os.previsto_fim,
      });
      // Reasons a gerente/diretoria already released on this OS do not block again.
      const released = new Set(
        os.historico
          .filter((e) => e.tipo === 'sst_liberacao')
          .flatMap((e) => e.texto?.split('; ') ?? []),
      );
      return reasons.filter((r) => !released.has(r));
    },
    send: async (userId, release) => {
      try {
        if (!release) {
          added(await step.mutateAsync({ tipo: 'equipe-adicionar', userId }));
          return;
        }
        // A release goes online only, straight to the server.
        // The lists and the agenda follow from the write's X-Changes (change-effects.ts).
        const detail = await addOsPersonReleased(os.id, userId, release.motivo);
        queryClient.setQueryData(osKey(os.id), detail);
        added();
      } catch (e) {
        toastError((e as Error).message);
        throw e;
      }
    },
  });

  return (
    <Stack gap="sm">
      {os.equipe.map((m) => (
        <Card
          key={`${m.pessoa.id}-${m.entrou_em}`}
          withBorder
          radius="md"
          padding="sm"
          data-testid="os-team-member"
        >
          <Group justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text fw={600} size="sm">
                  {m.pessoa.nome}
                </Text>
                {waits(m) && <PendingBadge size="xs" />}
              </Group>
              <Text size="xs" c="dimmed">
                Entrou {shortDateTime(m.entrou_em)}
                {m.saiu_em ? ` · saiu ${shortDateTime(m.saiu_em)}` : ''} · no local{' '}
                {formatMinutes(m.minutos)}
              </Text>
            </div>
            {editable && m.saiu_em === null && current.size > 1 && (
              <ActionIcon
                size={44}
                variant="subtle"
                color="red"
                aria-label={`Remover ${m.pessoa.nome} da equipe`}
                onClick={() =>
                  step
                    .mutateAsync({ tipo: 'equipe-remover', userId: m.pessoa.id })
                    .then((r) => {
                      if (r.status !== 'queued') toastSuccess('Pessoa removida da equipe.');
                    })
                    .catch((e: Error) => toastError(e.message))
                }
              >
                <IconUserMinus size={20} />
              </ActionIcon>
            )}
          </Group>
        </Card>
      ))}
      {editable && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Adicionar ajudante"
            placeholder={people.isPending ? 'Carregando…' : 'Escolha a pessoa'}
            size="md"
            searchable
            data={choices}
            value={adding}
            onChange={setAdding}
            style={{ flex: 1, minWidth: 220 }}
            error={people.isError ? people.error.message : undefined}
          />
          <Button
            size="md"
            leftSection={<IconUserPlus size={18} />}
            onClick={() => adding && void gate.submit(Number(adding))}
            disabled={!adding}
            loading={gate.checking || gate.sending}
          >
            Adicionar
          </Button>
        </Group>
      )}
      <SstReleaseModal {...gate.modal} />
    </Stack>
  );
}
