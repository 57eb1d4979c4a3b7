import '../../../lib/zod-locale.ts';

import { ROLE_LABELS, ROLES, costRateBody, formatDateBr, todayIn } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormMoneyField, FormSelect } from '../../../components/form-fields.tsx';
import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useAddCostRate, useCostRates, useRemoveCostRate } from '../api/cost-rates.ts';
import { useUserSearch } from '../../../components/pickers/user-search.ts';
import { formatMoney } from '../utils/format.ts';

type FormIn = z.input<typeof costRateBody>;
type FormOut = z.output<typeof costRateBody>;
const REFUSABLE = ['funcao', 'user_id', 'valor_hora', 'vigente_desde'] as const;
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** "Taxas de custo": R$/hora per function or person, each from a day on (the past keeps its). */
export default function CostRatesDrawer({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="lg">
          Taxas de custo
        </Title>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          O valor da hora de uma pessoa vale mais que o da sua função. Cada taxa vale do dia
          informado em diante: uma taxa nova não muda o custo dos dias anteriores.
        </Text>
        <RateForm />
        <RatesList />
      </Stack>
    </Drawer>
  );
}

function RateForm() {
  const add = useAddCostRate();
  const [target, setTarget] = useState<'funcao' | 'user_id'>('funcao');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const people = useUserSearch(q, { enabled: target === 'user_id' });
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(costRateBody),
    defaultValues: { funcao: 'equipe', user_id: null, vigente_desde: todayIn() },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await add.mutateAsync(v);
      form.reset({ ...v, valor_hora: undefined as unknown as number });
    } catch (error) {
      const field = refusedField(error, REFUSABLE);
      const message = error instanceof Error ? error.message : 'Não foi possível salvar a taxa.';
      if (field) form.setError(field, { message });
      else toastError(message);
    }
  });

  const switchTarget = (t: string) => {
    const next = t === 'user_id' ? 'user_id' : 'funcao';
    setTarget(next);
    form.setValue('funcao', next === 'funcao' ? 'equipe' : null);
    form.setValue('user_id', null);
    form.clearErrors(['funcao', 'user_id']);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <Title order={3} fz="md">
            Nova taxa
          </Title>
          <SegmentedControl
            value={target}
            onChange={switchTarget}
            data={[
              { value: 'funcao', label: 'Por função' },
              { value: 'user_id', label: 'Por pessoa' },
            ]}
            aria-label="A taxa vale para"
          />
          {target === 'funcao' ? (
            <FormSelect
              control={form.control}
              name="funcao"
              label="Função"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              error={errors.funcao?.message}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Controller
              control={form.control}
              name="user_id"
              render={({ field }) => (
                <Select
                  label="Pessoa"
                  placeholder="Digite o nome"
                  searchable
                  searchValue={search}
                  onSearchChange={setSearch}
                  data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
                  value={field.value == null ? null : String(field.value)}
                  onChange={(v) => field.onChange(v === null ? null : Number(v))}
                  nothingFoundMessage={q ? 'Ninguém encontrado.' : 'Digite para buscar.'}
                  error={errors.funcao?.message ?? errors.user_id?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <FormMoneyField
              control={form.control}
              name="valor_hora"
              label="Valor da hora"
              required
              error={errors.valor_hora?.message}
            />
            <FormDateField
              control={form.control}
              name="vigente_desde"
              label="Vale a partir de"
              required
              error={errors.vigente_desde?.message}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              Salvar taxa
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function RatesList() {
  const rates = useCostRates();
  const remove = useRemoveCostRate();
  if (rates.isPending) return <ListLoading rows={3} height={36} />;
  if (rates.isError) {
    return <ListError message={rates.error.message} onRetry={() => void rates.refetch()} />;
  }
  if (rates.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma taxa cadastrada: as horas aprovadas entram no custo por R$ 0,00 até que haja uma.
      </Text>
    );
  }
  return (
    <Table striped withTableBorder fz="sm" aria-label="Taxas cadastradas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Para</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>R$/hora</Table.Th>
          <Table.Th>Desde</Table.Th>
          <Table.Th w={44}>
            <VisuallyHidden>Excluir</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rates.data.items.map((r) => {
          const who = r.pessoa ? r.pessoa.nome : `Função: ${ROLE_LABELS[r.funcao!]}`;
          return (
            <Table.Tr key={r.id}>
              <Table.Td>{who}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatMoney(r.valor_hora)}
              </Table.Td>
              <Table.Td>{formatDateBr(r.vigente_desde)}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Excluir a taxa de ${who} desde ${formatDateBr(r.vigente_desde)}`}
                  onClick={() => remove.mutate(r.id)}
                  loading={remove.isPending && remove.variables === r.id}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
