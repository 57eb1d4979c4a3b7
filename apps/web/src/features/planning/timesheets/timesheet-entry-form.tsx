import '../../../lib/zod-locale.ts';

import { textMaxLength, timesheetEntryBody, type TimesheetOptions } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormSelect } from '../../../components/form-fields.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useAddTimesheetEntry } from '../api/timesheet-entries.ts';
import { contractOption } from '../../../components/pickers/contract-label.ts';

type FormIn = z.input<typeof timesheetEntryBody>;
type FormOut = z.output<typeof timesheetEntryBody>;
type Target = 'contract_id' | 'protocol_id' | 'service_order_id';
const TARGETS: { value: Target; label: string }[] = [
  { value: 'contract_id', label: 'Contrato' },
  { value: 'protocol_id', label: 'Tarefa' },
  { value: 'service_order_id', label: 'OS' },
];
const REFUSABLE = ['data', 'horas', 'contract_id', 'protocol_id', 'service_order_id'] as const;

const empty = (data: string): FormIn => ({
  data,
  horas: '',
  contract_id: null,
  protocol_id: null,
  service_order_id: null,
  nota: '',
});

/**
 * "Lançar horas": a manual entry on a day of the open week, hours typed as in Brazil ("1,5"
 * or "1:30"), on a contract, a task or an OS, with an optional note. Refusals (24 h, approved
 * week, future day) show under their field.
 */
export function TimesheetEntryForm({
  defaultDay,
  options,
}: {
  defaultDay: string;
  options: TimesheetOptions | undefined;
}) {
  const add = useAddTimesheetEntry();
  const [target, setTarget] = useState<Target>('contract_id');
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(timesheetEntryBody),
    defaultValues: empty(defaultDay),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await add.mutateAsync({ ...v, nota: v.nota ?? null });
      form.reset({ ...empty(v.data), [target]: v[target] });
    } catch (error) {
      const field = refusedField(error, REFUSABLE);
      const message = error instanceof Error ? error.message : 'Não foi possível lançar as horas.';
      if (field) form.setError(field, { message });
      else toastError(message);
    }
  });

  const choices = {
    contract_id: (options?.contratos ?? []).map(contractOption),
    protocol_id: (options?.tarefas ?? []).map((t) => ({ value: String(t.id), label: t.titulo })),
    service_order_id: (options?.os ?? []).map((o) => ({ value: String(o.id), label: o.codigo })),
  }[target];
  const targetError =
    errors.contract_id?.message ?? errors.protocol_id?.message ?? errors.service_order_id?.message;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Lançar horas">
        <Stack gap="sm">
          <div>
            <Title order={3} fz="md">
              Lançar horas
            </Title>
            <Text size="xs" c="dimmed">
              As horas das OS vêm do check-in, das pausas e da conclusão; lance aqui o que não
              passou por uma OS.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormDateField control={form.control} name="data" label="Dia" required />
            <TextInput
              label="Horas"
              placeholder="Ex.: 1,5 ou 1:30"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={textMaxLength(timesheetEntryBody, 'horas')}
              count="never"
              {...form.register('horas')}
              error={errors.horas?.message}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Lançar em
            </Text>
            <SegmentedControl
              aria-label="Lançar em"
              fullWidth
              value={target}
              data={TARGETS}
              onChange={(t) => {
                for (const k of TARGETS) form.setValue(k.value, null);
                setTarget(t);
              }}
            />
          </Stack>
          <FormSelect
            key={target}
            control={form.control}
            name={target}
            numeric
            label={TARGETS.find((t) => t.value === target)!.label}
            placeholder="Escolha"
            data={choices}
            searchable
            nothingFoundMessage="Nada encontrado."
            comboboxProps={{ withinPortal: true }}
            error={targetError}
          />
          <Textarea
            label="Observação"
            autosize
            minRows={1}
            maxLength={textMaxLength(timesheetEntryBody, 'nota')}
            {...form.register('nota')}
            error={errors.nota?.message}
          />
          <Button
            type="submit"
            loading={add.isPending}
            leftSection={<IconClockPlus size={18} />}
            style={{ alignSelf: 'flex-start' }}
          >
            Lançar horas
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
