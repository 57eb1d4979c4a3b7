import '../../../lib/zod-locale.ts';

import { inventoryItemBody, ITEM_STATE_LABELS, ITEM_UNITS, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormMoneyField, FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useCreateInventoryItem } from '../api/create-inventory-item.ts';
import { usePeopleOptions } from '../../../components/pickers/people.ts';
import { TextInput } from '../../../components/text-fields.tsx';

type FormIn = z.input<typeof inventoryItemBody>;
type FormOut = z.output<typeof inventoryItemBody>;
type Errors = Partial<Record<string, { message?: string }>>;

const BASE = { codigo: '', nome: '', categoria: '', localizacao: 'Almoxarifado Central' };
const PATRIMONIO: FormIn = {
  natureza: 'patrimonio',
  ...BASE,
  estado: 'novo',
  responsavel_id: null,
};
const CONSUMIVEL: FormIn = {
  natureza: 'consumivel',
  ...BASE,
  unidade: 'un',
  quantidade_inicial: 0,
  estoque_minimo: 0,
  custo_unitario: null,
};

/** Registers a patrimony item (tool, equipment) or a consumable with its initial stock. */
export function ItemFormModal({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const create = useCreateInventoryItem();
  const people = usePeopleOptions();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(inventoryItemBody),
    defaultValues: PATRIMONIO,
  });
  const { control } = form;
  const natureza = form.watch('natureza');
  const errors = form.formState.errors as Errors;

  useEffect(() => {
    if (opened) form.reset(PATRIMONIO);
  }, [opened, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await create.mutateAsync(values).catch(() => null);
    if (!saved) return;
    onSaved(saved.item.id);
    onClose();
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Novo item do inventário"
      size="lg"
      label="Novo item"
      onSubmit={onSubmit}
      submitLabel="Cadastrar"
      loading={create.isPending}
    >
      {/* Short labels, full width: "Patrimônio (ferramenta, equipamento)" was cut off on a
          390 px phone; the explanation is a line of its own below. */}
      <Stack gap={4}>
        <SegmentedControl
          aria-label="Natureza do item"
          fullWidth
          size="md"
          data={[
            { value: 'patrimonio', label: 'Patrimônio' },
            { value: 'consumivel', label: 'Consumível' },
          ]}
          value={natureza}
          onChange={(v) => {
            const keep = {
              codigo: form.getValues('codigo'),
              nome: form.getValues('nome'),
              categoria: form.getValues('categoria'),
              localizacao: form.getValues('localizacao'),
            };
            form.reset({ ...(v === 'consumivel' ? CONSUMIVEL : PATRIMONIO), ...keep });
          }}
        />
        <Text size="xs" c="dimmed">
          Patrimônio: ferramenta ou equipamento, um por código. Consumível: material controlado por
          quantidade.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          {...form.register('codigo')}
          maxLength={textMaxLength(inventoryItemBody, 'codigo')}
          label={natureza === 'patrimonio' ? 'Código patrimonial' : 'Código'}
          required
          error={errors.codigo?.message}
          data-autofocus
        />
        <TextInput
          {...form.register('nome')}
          maxLength={textMaxLength(inventoryItemBody, 'nome')}
          label="Nome"
          required
          error={errors.nome?.message}
        />
        <TextInput
          {...form.register('categoria')}
          maxLength={textMaxLength(inventoryItemBody, 'categoria')}
          label="Categoria"
          required
          error={errors.categoria?.message}
        />
        <TextInput
          {...form.register('localizacao')}
          maxLength={textMaxLength(inventoryItemBody, 'localizacao')}
          label="Localização"
          required
          error={errors.localizacao?.message}
        />
        {natureza === 'patrimonio' ? (
          <>
            <FormSelect
              control={control}
              name="estado"
              label="Estado"
              data={(['novo', 'bom', 'regular', 'danificado'] as const).map((s) => ({
                value: s,
                label: ITEM_STATE_LABELS[s],
              }))}
              allowDeselect={false}
            />
            <FormSelect
              control={control}
              name="responsavel_id"
              numeric
              label="Responsável"
              placeholder="Sem responsável"
              searchable
              clearable
              data={people.data ?? []}
              nothingFoundMessage="Ninguém encontrado"
            />
          </>
        ) : (
          <>
            <FormSelect
              control={control}
              name="unidade"
              label="Unidade"
              data={[...ITEM_UNITS]}
              allowDeselect={false}
            />
            <FormNumberField
              control={control}
              name="quantidade_inicial"
              label="Quantidade inicial"
              min={0}
              decimals={0}
              emptyValue={0}
            />
            <FormNumberField
              control={control}
              name="estoque_minimo"
              label="Estoque mínimo"
              description="Alerta quando ficar abaixo"
              min={0}
              decimals={0}
              emptyValue={0}
            />
            <FormMoneyField
              control={control}
              name="custo_unitario"
              label="Custo unitário"
              description="Entra no custo das OSs que usarem o item"
              max={1_000_000}
            />
          </>
        )}
      </SimpleGrid>
    </FormModal>
  );
}
