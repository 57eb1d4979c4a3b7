import '../../../lib/zod-locale.ts';

import {
  ASSET_CATEGORIES,
  ASSET_CATEGORY_LABELS,
  ASSET_FIELD_KIND_LABELS,
  ASSET_FIELD_KINDS,
  ASSET_FIELD_MAX_OPTIONS,
  ASSET_TYPE_MAX_FIELDS,
  assetTypeBody,
  type AssetType,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';

import { FormSelect, FormSwitch } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useDeleteAssetType, useSaveAssetType } from '../api/save-asset-type.ts';

const formSchema = assetTypeBody.extend({ ativo: z.boolean() });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

/** A field switched away from "Lista de opções" keeps no options (the API refuses them). */
const resolver: Resolver<FormIn, unknown, FormOut> = (values, ctx, opts) =>
  zodResolver(formSchema)(
    {
      ...values,
      campos: values.campos?.map((f) => (f.tipo === 'opcao' ? f : { ...f, opcoes: [] })),
    },
    ctx,
    opts,
  );

const EMPTY: FormIn = { nome: '', categoria: 'geral', campos: [], ativo: true };

function fromType(t: AssetType): FormIn {
  return {
    nome: t.nome,
    categoria: t.categoria,
    ativo: t.ativo,
    campos: t.campos.map((f) => ({ ...f, unidade: f.unidade ?? '' })),
  };
}

/**
 * A type of the catalogue: name, category (fixed once created: it decides the typed fields
 * the assets already hold), on/off and its own default fields (name, unit, kind, options).
 * An unused type can be deleted; one in use answers why not (409).
 */
export function AssetTypeFormModal({
  opened,
  onClose,
  tipo,
}: {
  opened: boolean;
  onClose: () => void;
  tipo?: AssetType;
}) {
  const save = useSaveAssetType();
  const remove = useDeleteAssetType();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver,
    defaultValues: EMPTY,
  });
  const { control, register } = form;
  const { errors } = form.formState;
  const campos = useFieldArray({ control, name: 'campos' });

  useEffect(() => {
    if (opened) form.reset(tipo ? fromType(tipo) : EMPTY);
  }, [opened, tipo, form]);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (tipo) {
        await save.mutateAsync({
          id: tipo.id,
          body: { nome: v.nome, ativo: v.ativo, campos: v.campos },
        });
      } else {
        await save.mutateAsync({
          id: null,
          body: { nome: v.nome, categoria: v.categoria, campos: v.campos },
        });
      }
      onClose();
    } catch (error) {
      const field = refusedField(error, ['nome', 'campos'] as const);
      const message = error instanceof Error ? error.message : 'Não foi possível salvar.';
      if (field) form.setError(field, { message });
      else toastError(message);
    }
  });

  const confirmDelete = (t: AssetType) =>
    modals.openConfirmModal({
      title: `Excluir o tipo ${t.nome}`,
      children: 'O tipo sai do catálogo. Só é possível excluir um tipo sem ativos e sem planos.',
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(t.id, {
          onSuccess: onClose,
          onError: (e) => toastError(e.message),
        }),
    });

  const listError = errors.campos?.root?.message ?? errors.campos?.message;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={tipo ? `Editar tipo ${tipo.nome}` : 'Novo tipo de ativo'}
      label={tipo ? 'Editar tipo de ativo' : 'Novo tipo de ativo'}
      size="xl"
      onSubmit={onSubmit}
      submitLabel={tipo ? 'Salvar' : 'Cadastrar'}
      loading={save.isPending}
      extraAction={
        tipo && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => confirmDelete(tipo)}
            loading={remove.isPending}
          >
            Excluir tipo
          </Button>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          {...register('nome')}
          label="Nome"
          required
          maxLength={80}
          error={errors.nome?.message}
        />
        <FormSelect
          control={control}
          name="categoria"
          label="Categoria"
          description={tipo ? 'Não muda depois de criado.' : 'Decide os campos técnicos padrão.'}
          allowDeselect={false}
          disabled={Boolean(tipo)}
          data={ASSET_CATEGORIES.map((c) => ({ value: c, label: ASSET_CATEGORY_LABELS[c] }))}
        />
      </SimpleGrid>
      {tipo && (
        <FormSwitch control={control} name="ativo" label="Ativo (aparece para novos cadastros)" />
      )}
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Campos do tipo
        </Text>
        <Text size="xs" c="dimmed">
          Pedidos no cadastro de cada ativo deste tipo. Remover um campo apaga os valores dele nos
          ativos.
        </Text>
      </Stack>
      {campos.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum campo próprio.
        </Text>
      )}
      {campos.fields.map((item, i) => {
        const e = errors.campos?.[i];
        const kind = form.watch(`campos.${i}.tipo`);
        return (
          <Card key={item.id} withBorder padding="sm" data-testid="type-field">
            <Group align="flex-start" wrap="nowrap" gap="xs">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" style={{ flex: 1 }}>
                <TextInput
                  {...register(`campos.${i}.nome`)}
                  label="Nome do campo"
                  required
                  maxLength={60}
                  error={e?.nome?.message}
                />
                <TextInput
                  {...register(`campos.${i}.unidade`)}
                  label="Unidade"
                  placeholder="m³/h, V, cv…"
                  maxLength={20}
                  error={e?.unidade?.message}
                />
                <FormSelect
                  control={control}
                  name={`campos.${i}.tipo`}
                  label="Tipo do campo"
                  allowDeselect={false}
                  data={ASSET_FIELD_KINDS.map((k) => ({
                    value: k,
                    label: ASSET_FIELD_KIND_LABELS[k],
                  }))}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={`Remover campo ${i + 1}`}
                onClick={() => campos.remove(i)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            {kind === 'opcao' && (
              <Controller
                control={control}
                name={`campos.${i}.opcoes`}
                render={({ field }) => (
                  <TagsInput
                    mt="xs"
                    label="Opções"
                    description="Digite uma opção e tecle Enter (pelo menos 2)."
                    value={field.value ?? []}
                    maxTags={ASSET_FIELD_MAX_OPTIONS}
                    onChange={field.onChange}
                    error={e?.opcoes?.message ?? e?.opcoes?.root?.message}
                  />
                )}
              />
            )}
          </Card>
        );
      })}
      {listError && (
        <Text role="alert" c="red" size="sm">
          {listError}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={campos.fields.length >= ASSET_TYPE_MAX_FIELDS}
        onClick={() => campos.append({ nome: '', unidade: '', tipo: 'numero', opcoes: [] })}
        style={{ alignSelf: 'flex-start' }}
      >
        Adicionar campo
      </Button>
    </FormModal>
  );
}
