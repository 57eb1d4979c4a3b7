import { clockHours, type TimesheetWeek } from '@eproto/domain';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';

import { Textarea } from '../../../components/text-fields.tsx';
import { useApproveWeek, useReopenWeek } from '../api/timesheet-approval.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Who approved or reopened the week, and Aprovar / Reabrir for the person's approver. */
export function WeekApproval({ week }: { week: TimesheetWeek }) {
  const approve = useApproveWeek();
  const reopen = useReopenWeek();
  const [reopening, setReopening] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const body = { user_id: week.pessoa.id, semana: week.semana };
  const a = week.aprovacao;

  const sendReopen = () => {
    if (motivo.trim().length < 3) {
      setError('Informe o motivo da reabertura.');
      return;
    }
    reopen.mutate(
      { ...body, motivo: motivo.trim() },
      {
        onSuccess: () => {
          setReopening(false);
          setMotivo('');
          setError(null);
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Stack gap="xs">
      {a && (
        <Text size="sm">
          Aprovada{a.por ? ` por ${a.por.nome}` : ''} em {when(a.em)}.
        </Text>
      )}
      {a && a.minutos !== week.total && (
        <Alert color="yellow" variant="light" p="xs">
          As horas das OS mudaram depois da aprovação ({clockHours(a.minutos)} aprovadas,{' '}
          {clockHours(week.total)} agora): uma etapa chegou do celular depois.
        </Alert>
      )}
      {week.status === 'aberta' && week.reabertura && (
        <Text size="sm" c="dimmed">
          Reaberta{week.reabertura.por ? ` por ${week.reabertura.por.nome}` : ''} em{' '}
          {when(week.reabertura.em)}: {week.reabertura.motivo}
        </Text>
      )}
      {week.pode_aprovar && (
        <Group gap="sm">
          {week.status === 'aberta' ? (
            <Button
              leftSection={<IconCheck size={18} />}
              loading={approve.isPending}
              onClick={() => approve.mutate(body)}
            >
              Aprovar semana
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconLockOpen size={18} />}
              onClick={() => setReopening(true)}
            >
              Reabrir semana
            </Button>
          )}
        </Group>
      )}
      <Modal opened={reopening} onClose={() => setReopening(false)} title="Reabrir semana">
        <Stack gap="sm">
          <Text size="sm">
            {week.pessoa.nome} poderá lançar e excluir horas desta semana de novo. O motivo fica
            registrado.
          </Text>
          <Textarea
            label="Motivo"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReopening(false)}>
              Cancelar
            </Button>
            <Button loading={reopen.isPending} onClick={sendReopen}>
              Reabrir
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
