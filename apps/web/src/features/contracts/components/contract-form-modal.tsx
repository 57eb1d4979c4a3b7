import '@mantine/dates/styles.css';
import '../../../lib/zod-locale.ts';

import type { Contract, ContractStatus, ContractUpdateBody, Uf } from '@eproto/domain';
import {
  CONTRACT_STATUS_LABELS,
  CONTRACT_STATUSES,
  contractCreateBody,
  contractUpdateBody,
  textMaxLength,
  UFS,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { Control, Resolver } from 'react-hook-form';
import { useForm, useWatch } from 'react-hook-form';

import { FormDateField, FormMoneyField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useCreateContract } from '../api/create-contract.ts';
import { useHolidayCities } from '../api/get-holiday-cities.ts';
import { useUpdateContract } from '../api/update-contract.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

interface FormValues {
  codigo: string;
  nome: string;
  cliente: string;
  descricao: string;
  inicio: string | null;
  fim: string | null;
  status: ContractStatus;
  valor: number | null;
  uf: Uf | null;
  municipio: string | null;
}

const FIELDS = [
  'codigo',
  'nome',
  'cliente',
  'descricao',
  'inicio',
  'fim',
  'status',
  'valor',
  'uf',
  'municipio',
] as const;

function initial(c: Contract | null): FormValues {
  return {
    codigo: c?.codigo ?? '',
    nome: c?.nome ?? '',
    cliente: c?.cliente ?? '',
    descricao: c?.descricao ?? '',
    inicio: c?.inicio ?? null,
    fim: c?.fim ?? null,
    status: c?.status ?? 'ativo',
    valor: c?.valor ?? null,
    uf: c?.uf ?? null,
    municipio: c?.municipio ?? null,
  };
}

/** The fields that changed, blanks as null (PATCH semantics). */
export function contractChanges(c: Contract, v: FormValues): ContractUpdateBody {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) {
    let next: unknown = v[f];
    if (typeof next === 'string') next = next.trim() === '' ? null : next.trim();
    if (next !== (c[f] ?? null)) out[f] = next;
  }
  return out;
}

const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

/**
 * Where the contract's work happens: its state and city holidays are skipped by its plans
 * (docs/working-calendar.md). Cities come from GET /calendario/municipios, searchable by name.
 */
function PlaceFields({
  control,
  onUfChange,
}: {
  control: Control<FormValues>;
  onUfChange: () => void;
}) {
  const uf = useWatch({ control, name: 'uf' });
  const cities = useHolidayCities(uf !== null);
  const options = (cities.data ?? [])
    .filter((c) => c.uf === uf)
    .map((c) => ({ value: c.codigo, label: c.nome }));
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormSelect
          control={control}
          name="uf"
          label="Estado (UF)"
          placeholder="Só feriados nacionais"
          data={UF_OPTIONS}
          searchable
          clearable
          onOptionSubmit={(value) => value !== uf && onUfChange()}
          comboboxProps={{ withinPortal: true }}
        />
        <FormSelect
          control={control}
          name="municipio"
          label="Município"
          placeholder={uf ? 'Busque pelo nome' : 'Escolha o estado antes'}
          data={options}
          disabled={!uf}
          searchable
          clearable
          nothingFoundMessage="Nenhum município com feriados próprios."
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Os planos do contrato pulam os feriados do estado e do município (as capitais têm os seus).
        Feriado de outra cidade: cadastre em Calendário › Folgas e feriados.
      </Text>
    </Stack>
  );
}

function ContractForm({ contract, onDone }: { contract: Contract | null; onDone: () => void }) {
  const create = useCreateContract();
  const update = useUpdateContract();
  const form = useForm<FormValues>({
    resolver: zodResolver(
      contract ? contractUpdateBody : contractCreateBody,
    ) as unknown as Resolver<FormValues>,
    defaultValues: initial(contract),
  });
  const { control } = form;
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    if (!v.uf) v.municipio = null;
    if (!contract) {
      await create.mutateAsync({
        codigo: v.codigo,
        nome: v.nome,
        cliente: v.cliente,
        descricao: v.descricao.trim() || null,
        inicio: v.inicio,
        fim: v.fim,
        status: v.status,
        valor: v.valor,
        uf: v.uf,
        municipio: v.municipio,
      });
      onDone();
      return;
    }
    const body = contractChanges(contract, v);
    if (Object.keys(body).length > 0) await update.mutateAsync({ id: contract.id, body });
    onDone();
  });

  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 1 }}>
      <FormModal
        opened
        onClose={onDone}
        title={contract ? `Editar contrato ${contract.codigo}` : 'Novo contrato'}
        size="lg"
        label={contract ? `Editar contrato ${contract.codigo}` : 'Novo contrato'}
        onSubmit={onSubmit}
        submitLabel={contract ? 'Salvar' : 'Criar contrato'}
        loading={create.isPending || update.isPending}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            {...form.register('codigo')}
            label="Código"
            maxLength={textMaxLength(contractCreateBody, 'codigo')}
            placeholder="Ex.: CT-2026-014"
            required
            error={errors.codigo?.message}
            data-autofocus
          />
          <TextInput
            {...form.register('nome')}
            label="Nome"
            maxLength={textMaxLength(contractCreateBody, 'nome')}
            required
            error={errors.nome?.message}
            style={{ gridColumn: 'span 2' }}
          />
        </SimpleGrid>
        <TextInput
          {...form.register('cliente')}
          label="Cliente"
          maxLength={textMaxLength(contractCreateBody, 'cliente')}
          placeholder="Ex.: Prefeitura de Sorocaba"
          required
          error={errors.cliente?.message}
        />
        <Textarea
          {...form.register('descricao')}
          label="Descrição"
          maxLength={textMaxLength(contractCreateBody, 'descricao')}
          autosize
          minRows={2}
          maxRows={6}
          error={errors.descricao?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormDateField control={control} name="inicio" label="Início" clearable />
          <FormDateField control={control} name="fim" label="Fim" clearable />
          <FormSelect
            control={control}
            name="status"
            label="Status"
            data={CONTRACT_STATUSES.map((s) => ({ value: s, label: CONTRACT_STATUS_LABELS[s] }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <FormMoneyField control={control} name="valor" label="Valor" />
        </SimpleGrid>
        <PlaceFields control={control} onUfChange={() => form.setValue('municipio', null)} />
      </FormModal>
    </DatesProvider>
  );
}

/**
 * Creates or edits a contract (ti): código, nome, cliente, descrição, vigência, status, valor,
 * and the place (UF, município) whose holidays its plans skip.
 */
export function ContractFormModal({
  opened,
  contract,
  onClose,
}: {
  opened: boolean;
  contract: Contract | null;
  onClose: () => void;
}) {
  // a fresh form for each opening (and each contract)
  return opened ? (
    <ContractForm key={contract?.id ?? 'new'} contract={contract} onDone={onClose} />
  ) : null;
}
