import '../../../lib/zod-locale.ts';

import type { DayOffBody } from '@eproto/domain';
import {
  DAY_OFF_KIND_LABELS,
  DAY_OFF_KINDS,
  dayOffBody,
  MAX_DAY_OFF_DAYS,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useForm, useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

import { isValidDate } from '../../../components/date-field.tsx';
import { FormDateField, FormSelect } from '../../../components/form-fields.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useCreateDayOff } from '../api/days-off.ts';
import { contractOption } from '../../../components/pickers/contract-label.ts';

const KIND_OPTIONS = DAY_OFF_KINDS.map((k) => ({ value: k, label: DAY_OFF_KIND_LABELS[k] }));

interface Values {
  nome: string;
  tipo: DayOffBody['tipo'];
  inicio: string | null;
  fim: string | null;
  contrato_id: number | null;
}

type Body = z.output<typeof dayOffBody>;

const EMPTY: Values = { nome: '', tipo: 'folga', inicio: null, fim: null, contrato_id: null };

/**
 * The domain's dayOffBody checks the form; an empty "Fim" is one day (the start), so it is
 * never blamed for a start still missing or wrong.
 */
const resolver: Resolver<Values, unknown, Body> = async (v, ctx, opts) => {
  const body = { ...v, inicio: v.inicio ?? undefined, fim: v.fim ?? v.inicio ?? undefined };
  const result = (await zodResolver(dayOffBody)(
    body as DayOffBody,
    ctx,
    opts as never,
  )) as ResolverResult<Values, Body>;
  if (v.fim !== null || !result.errors.fim) return result;
  const { fim: _ignored, ...errors } = result.errors;
  return { values: {}, errors };
};

/**
 * "Cadastrar dia sem expediente" (ti, diretoria): a folga, collective vacations or a local
 * holiday, one day or a period (dd/mm/aaaa typed or picked), for every contract or one.
 */
export function DayOffForm() {
  const contracts = useContractAccess();
  const create = useCreateDayOff();
  const form = useForm<Values, unknown, Body>({ resolver, defaultValues: EMPTY });
  const { control } = form;
  const inicio = useWatch({ control, name: 'inicio' });

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => form.reset(EMPTY),
      onError: (err) => {
        const field = refusedField(err, ['nome', 'inicio', 'fim', 'contrato_id'] as const);
        if (field) form.setError(field, { message: err.message });
      },
    }),
  );

  const contractOptions = (contracts.data?.contracts ?? []).map(contractOption);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <form
        noValidate
        aria-label="Cadastrar dia sem expediente"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e);
        }}
      >
        <Stack gap="sm">
          <div>
            <Title order={2} fz="md">
              Cadastrar dia sem expediente
            </Title>
            <Text size="xs" c="dimmed">
              Folga, férias coletivas ou feriado que o calendário não conhece. Um dia (fim em
              branco) ou um período de até {MAX_DAY_OFF_DAYS} dias; sem contrato, vale para todos os
              planos.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <TextInput
              label="Nome"
              placeholder="Ex.: Férias coletivas de fim de ano"
              maxLength={textMaxLength(dayOffBody, 'nome')}
              required
              {...form.register('nome')}
              error={form.formState.errors.nome?.message}
            />
            <FormSelect
              control={control}
              name="tipo"
              label="Tipo"
              data={KIND_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <FormSelect
              control={control}
              name="contrato_id"
              numeric
              label="Contrato"
              placeholder="Todos os contratos"
              data={contractOptions}
              searchable
              clearable
              nothingFoundMessage="Nenhum contrato encontrado."
              comboboxProps={{ withinPortal: true }}
            />
            <FormDateField control={control} name="inicio" label="Início" required />
            <FormDateField
              control={control}
              name="fim"
              label="Fim"
              minDate={isValidDate(inicio) ? inicio : undefined}
              clearable
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
              Cadastrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
