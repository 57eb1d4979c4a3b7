import '../../../lib/zod-locale.ts';

import type { EpiItem } from '@eproto/domain';
import { epiItemBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { DateField } from '../../../components/date-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { useCreateEpiItem } from '../api/create-epi-item.ts';
import { useUpdateEpiItem } from '../api/update-epi-item.ts';

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={item ? `Editar ${item.nome}` : 'Novo EPI'}
      size="lg"
    >
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={item ? 'Editar EPI' : 'Novo EPI'}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.register('nome')}
              label="Nome"
              placeholder="Ex.: Luva de vaqueta"
              required
              error={errors.nome?.message}
              data-autofocus
            />
            <TextInput
              {...form.register('tamanho')}
              label="Tamanho"
              placeholder="P, M, G, 42, Único"
              required
              error={errors.tamanho?.message}
            />
            <TextInput
              {...form.register('ca_numero')}
              label="Nº do CA"
              inputMode="numeric"
              required
              error={errors.ca_numero?.message}
            />
            <Controller
              control={form.control}
              name="ca_validade"
              render={({ field }) => (
                <DateField
                  label="Validade do CA"
                  required
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={errors.ca_validade?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="vida_util_dias"
              render={({ field }) => (
                <NumberField
                  label="Vida útil (dias)"
                  required
                  min={1}
                  max={3650}
                  decimals={0}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.vida_util_dias?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="estoque_minimo"
              render={({ field }) => (
                <NumberField
                  label="Estoque mínimo"
                  min={0}
                  decimals={0}
                  value={field.value ?? 0}
                  onChange={(v) => field.onChange(v ?? 0)}
                  error={errors.estoque_minimo?.message}
                />
              )}
            />
            {!item && (
              <Controller
                control={form.control}
                name="estoque_inicial"
                render={({ field }) => (
                  <NumberField
                    label="Estoque inicial"
                    min={0}
                    decimals={0}
                    value={field.value ?? 0}
                    onChange={(v) => field.onChange(v ?? 0)}
                    error={errors.estoque_inicial?.message}
                  />
                )}
              />
            )}
          </SimpleGrid>
          <Textarea
            {...form.register('descricao')}
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
