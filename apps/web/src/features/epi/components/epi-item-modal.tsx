import '../../../lib/zod-locale.ts';

import type { EpiItem } from '@eproto/domain';
import { epiItemBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  FormDateField,
  FormMoneyField,
  FormNumberField,
} from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useCreateEpiItem } from '../api/create-epi-item.ts';
import { useUpdateEpiItem } from '../api/update-epi-item.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

type FormIn = z.input<typeof epiItemBody>;
type FormOut = z.output<typeof epiItemBody>;
const EMPTY: FormIn = {
  nome: '',
  descricao: '',
  ca_numero: '',
  ca_validade: '',
  tamanho: 'Único',
  vida_util_dias: 180,
  estoque_inicial: 0,
  estoque_minimo: 0,
  custo_unitario: null,
};

/** Catalogue item: name, size, CA number and expiry, useful life, minimum (and first stock). */
export function EpiItemModal({
  opened,
  onClose,
  item,
}: {
  opened: boolean;
  onClose: () => void;
  item?: EpiItem;
}) {
  const create = useCreateEpiItem();
  const update = useUpdateEpiItem();
  const [ativo, setAtivo] = useState(true);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(epiItemBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    setAtivo(item?.ativo ?? true);
    form.reset(
      item
        ? {
            nome: item.nome,
            descricao: item.descricao ?? '',
            ca_numero: item.ca_numero,
            ca_validade: item.ca_validade,
            tamanho: item.tamanho,
            vida_util_dias: item.vida_util_dias,
            estoque_inicial: 0,
            estoque_minimo: item.estoque_minimo,
            custo_unitario: item.custo_unitario,
          }
        : EMPTY,
    );
  }, [opened, item, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const { estoque_inicial, ...rest } = values;
    const ok = item
      ? await update.mutateAsync({ id: item.id, ...rest, ativo }).catch(() => null)
      : await create.mutateAsync({ ...rest, estoque_inicial }).catch(() => null);
    if (ok) onClose();
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={item ? `Editar ${item.nome}` : 'Novo EPI'}
      size="lg"
      label={item ? 'Editar EPI' : 'Novo EPI'}
      onSubmit={onSubmit}
      submitLabel="Salvar"
      loading={create.isPending || update.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          {...form.register('nome')}
          maxLength={textMaxLength(epiItemBody, 'nome')}
          label="Nome"
          placeholder="Ex.: Luva de vaqueta"
          required
          error={errors.nome?.message}
          data-autofocus
        />
        <TextInput
          {...form.register('tamanho')}
          maxLength={textMaxLength(epiItemBody, 'tamanho')}
          label="Tamanho"
          placeholder="P, M, G, 42, Único"
          required
          error={errors.tamanho?.message}
        />
        <TextInput
          {...form.register('ca_numero')}
          maxLength={textMaxLength(epiItemBody, 'ca_numero')}
          label="Nº do CA"
          inputMode="numeric"
          required
          error={errors.ca_numero?.message}
        />
        <FormDateField
          control={control}
          name="ca_validade"
          label="Validade do CA"
          required
          emptyValue=""
        />
        <FormNumberField
          control={control}
          name="vida_util_dias"
          label="Vida útil (dias)"
          required
          min={1}
          max={3650}
          decimals={0}
        />
        <FormNumberField
          control={control}
          name="estoque_minimo"
          label="Estoque mínimo"
          min={0}
          decimals={0}
          emptyValue={0}
        />
        <FormMoneyField
          control={control}
          name="custo_unitario"
          label="Custo unitário"
          emptyValue={null}
        />
        {!item && (
          <FormNumberField
            control={control}
            name="estoque_inicial"
            label="Estoque inicial"
            min={0}
            decimals={0}
            emptyValue={0}
          />
        )}
      </SimpleGrid>
      <Textarea
        {...form.register('descricao')}
        maxLength={textMaxLength(epiItemBody, 'descricao')}
        label="Descrição"
        autosize
        minRows={1}
        error={errors.descricao?.message}
      />
      {item && (
        <Switch
          label="Ativo no catálogo"
          checked={ativo}
          onChange={(e) => setAtivo(e.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
