import '../../../lib/zod-locale.ts';

import { clockHours, textMaxLength, timesheetReopenBody, type TimesheetWeek } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormModal } from '../../../components/form-modal.tsx';
import { Textarea } from '../../../components/text-fields.tsx';
import { useApproveWeek, useReopenWeek } from '../api/timesheet-approval.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** The dialog's field, checked as the domain's reopen body checks it (3 to 500 characters). */
const reopenReason = timesheetReopenBody.pick({ motivo: true });

/** Who approved or reopened the week, and Aprovar / Reabrir for the person's approver. */
export function WeekApproval({ week }: { week: TimesheetWeek }) {
  const approve = useApproveWeek();
  const reopen = useReopenWeek();
  const [reopening, setReopening] = useState(false);
  const body = { user_id: week.pessoa.id, semana: week.semana };
  const form = useForm({ resolver: zodResolver(reopenReason), defaultValues: { motivo: '' } });
  const a = week.aprovacao;

  const close = () => {
    setReopening(false);
    form.reset();
  };
  const sendReopen = form.handleSubmit(({ motivo }) =>
    reopen.mutate(
      { ...body, motivo },
      {
        onSuccess: close,
        onError: (e) => form.setError('motivo', { message: e.message }),
      },
    ),
  );

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
      <FormModal
        opened={reopening}
        onClose={close}
        title="Reabrir semana"
        submitLabel="Reabrir"
        loading={reopen.isPending}
        onSubmit={sendReopen}
      >
        <Text size="sm">
          {week.pessoa.nome} poderá lançar e excluir horas desta semana de novo. O motivo fica
          registrado.
        </Text>
        <Textarea
          label="Motivo"
          required
          autosize
          minRows={2}
          maxLength={textMaxLength(reopenReason, 'motivo')}
          {...form.register('motivo')}
          error={form.formState.errors.motivo?.message}
        />
      </FormModal>
    </Stack>
  );
}
