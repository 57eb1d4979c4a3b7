import type { OsDetail } from '@eproto/domain';
import { formatMinutes } from '@eproto/domain';
import { ActionIcon, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { usePeopleOptions } from '../api/get-people-options.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { shortDateTime } from '../utils/os-format.ts';

/** The team with each person's time on site; a helper can join or leave while it runs. */
export function OsTeamTab({ os, editable }: { os: OsDetail; editable: boolean }) {
  const step = useOsStepMutation(os.id);
  const [adding, setAdding] = useState<string | null>(null);
  const people = usePeopleOptions(editable);
  const current = new Set(os.equipe.filter((m) => m.saiu_em === null).map((m) => m.pessoa.id));
  const choices = (people.data ?? [])
    .filter((p) => !current.has(p.id))
    .map((p) => ({ value: String(p.id), label: p.nome }));

  const add = () => {
    if (!adding) return;
    step
      .mutateAsync({ tipo: 'equipe-adicionar', userId: Number(adding) })
      .then(() => {
        toastSuccess('Pessoa adicionada à equipe.');
        setAdding(null);
      })
      .catch((e: Error) => toastError(e.message));
  };

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
              <Text fw={600} size="sm">
                {m.pessoa.nome}
              </Text>
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
                    .then(() => toastSuccess('Pessoa removida da equipe.'))
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
            onClick={add}
            disabled={!adding}
            loading={step.isPending}
          >
            Adicionar
          </Button>
        </Group>
      )}
    </Stack>
  );
}
