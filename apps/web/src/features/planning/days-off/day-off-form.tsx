import type { DayOffKind } from '@eproto/domain';
import { DAY_OFF_KIND_LABELS, DAY_OFF_KINDS, MAX_DAY_OFF_DAYS } from '@eproto/domain';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { DateField, INVALID_DATE, isValidDate } from '../../../components/date-field.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateDayOff, useDayOffContracts } from '../api/days-off.ts';

const KIND_OPTIONS = DAY_OFF_KINDS.map((k) => ({ value: k, label: DAY_OFF_KIND_LABELS[k] }));

interface Values {
  nome: string;
  tipo: DayOffKind;
  inicio: string | null;
  fim: string | null;
  contrato: string | null;
}

const EMPTY: Values = { nome: '', tipo: 'folga', inicio: null, fim: null, contrato: null };

type Errors = Partial<Record<'nome' | 'inicio' | 'fim' | 'contrato_id', string>>;

function check(v: Values): Errors {
  const e: Errors = {};
  if (v.nome.trim().length === 0) e.nome = 'Informe o nome.';
  if (!isValidDate(v.inicio))
    e.inicio = v.inicio === INVALID_DATE ? 'Data inválida.' : 'Informe o início.';
  if (v.fim === INVALID_DATE) e.fim = 'Data inválida.';
  else if (isValidDate(v.inicio) && isValidDate(v.fim) && v.fim < v.inicio)
    e.fim = 'O fim deve ser igual ou posterior ao início.';
  return e;
}

/**
 * "Cadastrar dia sem expediente" (ti, diretoria): a folga, collective vacations or a local
 * holiday, one day or a period (dd/mm/aaaa typed or picked), for every contract or one.
 */
export function DayOffForm() {
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const contracts = useDayOffContracts();
  const create = useCreateDayOff();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setV((o) => ({ ...o, [key]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(v);
    setErrors(found);
    if (Object.keys(found).length > 0 || !v.inicio) return;
    create.mutate(
      {
        nome: v.nome.trim(),
        tipo: v.tipo,
        inicio: v.inicio,
        fim: isValidDate(v.fim) ? v.fim : v.inicio,
        contrato_id: v.contrato ? Number(v.contrato) : null,
      },
      {
        onSuccess: () => {
          setV(EMPTY);
          setErrors({});
        },
        onError: (err) => {
          if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
        },
      },
    );
  };

  const contractOptions = (contracts.data?.contracts ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.codigo} · ${c.nome}`,
  }));

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <form onSubmit={submit} noValidate aria-label="Cadastrar dia sem expediente">
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
              maxLength={120}
              required
              value={v.nome}
              onChange={(e) => set('nome', e.currentTarget.value)}
              error={errors.nome}
            />
            <Select
              label="Tipo"
              data={KIND_OPTIONS}
              value={v.tipo}
              allowDeselect={false}
              onChange={(t) => t && set('tipo', t)}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Contrato"
              placeholder="Todos os contratos"
              data={contractOptions}
              value={v.contrato}
              onChange={(c) => set('contrato', c)}
              searchable
              clearable
              nothingFoundMessage="Nenhum contrato encontrado."
              comboboxProps={{ withinPortal: true }}
              error={errors.contrato_id}
            />
            <DateField
              label="Início"
              required
              value={v.inicio}
              onChange={(d) => set('inicio', d)}
              error={errors.inicio}
            />
            <DateField
              label="Fim"
              value={v.fim}
              minDate={isValidDate(v.inicio) ? v.inicio : undefined}
              onChange={(d) => set('fim', d)}
              clearable
              error={errors.fim}
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
