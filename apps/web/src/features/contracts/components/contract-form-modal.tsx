import '@mantine/dates/styles.css';
import '../../../lib/zod-locale.ts';

import type { Contract, ContractStatus, ContractUpdateBody } from '@eproto/domain';
import {
  CONTRACT_STATUS_LABELS,
  CONTRACT_STATUSES,
  contractCreateBody,
  contractUpdateBody,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm } from 'react-hook-form';

import { DateField } from '../../../components/date-field.tsx';
import { MoneyField } from '../../../components/number-field.tsx';
import { useCreateContract } from '../api/create-contract.ts';
import { useUpdateContract } from '../api/update-contract.ts';

interface FormValues {
  codigo: string;
  nome: string;
  cliente: string;
  descricao: string;
  inicio: string | null;
  fim: string | null;
  status: ContractStatus;
  valor: number | null;
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

function ContractForm({ contract, onDone }: { contract: Contract | null; onDone: () => void }) {
  const create = useCreateContract();
  const update = useUpdateContract();
  const form = useForm<FormValues>({
    resolver: zodResolver(
      contract ? contractUpdateBody : contractCreateBody,
    ) as unknown as Resolver<FormValues>,
    defaultValues: initial(contract),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
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
      <form onSubmit={(e) => void onSubmit(e).catch(() => undefined)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              {...form.register('codigo')}
              label="Código"
              placeholder="Ex.: CT-2026-014"
              required
              error={errors.codigo?.message}
              data-autofocus
            />
            <TextInput
              {...form.register('nome')}
              label="Nome"
              required
              error={errors.nome?.message}
              style={{ gridColumn: 'span 2' }}
            />
          </SimpleGrid>
          <TextInput
            {...form.register('cliente')}
            label="Cliente"
            placeholder="Ex.: Prefeitura de Sorocaba"
            required
            error={errors.cliente?.message}
          />
          <Textarea
            {...form.register('descricao')}
            label="Descrição"
            autosize
            minRows={2}
            maxRows={6}
            error={errors.descricao?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="inicio"
              render={({ field }) => (
                <DateField
                  clearable
                  label="Início"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.inicio?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="fim"
              render={({ field }) => (
                <DateField
                  clearable
                  label="Fim"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.fim?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  label="Status"
                  data={CONTRACT_STATUSES.map((s) => ({
                    value: s,
                    label: CONTRACT_STATUS_LABELS[s],
                  }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                  error={errors.status?.message}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="valor"
              render={({ field }) => (
                <MoneyField
                  label="Valor"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.valor?.message}
                />
              )}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {contract ? 'Salvar' : 'Criar contrato'}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}

/** Creates or edits a contract (ti): código, nome, cliente, descrição, vigência, status, valor. */
export function ContractFormModal({
  opened,
  contract,
  onClose,
}: {
  opened: boolean;
  contract: Contract | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contract ? `Editar contrato ${contract.codigo}` : 'Novo contrato'}
      size="lg"
      fullScreen={phone}
    >
      {opened && <ContractForm key={contract?.id ?? 'new'} contract={contract} onDone={onClose} />}
    </Modal>
  );
}
