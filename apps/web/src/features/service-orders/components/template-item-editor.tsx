import type { OsItemType, OsTemplateItemBody, serviceTypeBody } from '@eproto/domain';
import { OS_ITEM_TYPE_LABELS, OS_ITEM_TYPES } from '@eproto/domain';
import { ActionIcon, Card, Group, Select, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';

import { FormNumberField, FormSwitch } from '../../../components/form-fields.tsx';
import { TextInput } from '../../../components/text-fields.tsx';

/** One item as the editor holds it (the body of osTemplateItemBody). */
export interface DraftItem {
  titulo: string;
  tipo: OsItemType;
  obrigatorio: boolean;
  ajuda: string;
  unidade: string;
  minimo: number | null;
  maximo: number | null;
  opcoes: string[];
  fotos_minimas: number | null;
}

const TYPE_OPTIONS = OS_ITEM_TYPES.map((t) => ({ value: t, label: OS_ITEM_TYPE_LABELS[t] }));

/** The body the API takes for a draft item (only the fields of its type). */
export function itemBody(d: DraftItem): OsTemplateItemBody {
  return {
    titulo: d.titulo.trim(),
    tipo: d.tipo,
    obrigatorio: d.obrigatorio,
    ajuda: d.ajuda.trim() || null,
    unidade: d.tipo === 'numero' ? d.unidade.trim() || null : null,
    minimo: d.tipo === 'numero' ? d.minimo : null,
    maximo: d.tipo === 'numero' ? d.maximo : null,
    opcoes: d.tipo === 'escolha_unica' || d.tipo === 'escolha_multipla' ? d.opcoes : [],
    fotos_minimas: d.tipo === 'foto' ? (d.fotos_minimas ?? 1) : null,
  };
}

/** The service type form's values (service-type-editor.tsx): its fields and the checklist. */
export interface ServiceTypeValues {
  nome: string;
  descricao: string;
  ativo: boolean;
  enviar_relatorio_cliente: boolean;
  itens: DraftItem[];
}

/**
 * Editor of one checklist item of the service type form: title, type and its settings,
 * required, help, order. Each field shows its own message from serviceTypeBody's item.
 */
export function TemplateItemEditor({
  control,
  index,
  total,
  onMove,
  onRemove,
}: {
  control: Control<ServiceTypeValues, unknown, z.output<typeof serviceTypeBody>>;
  index: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const at = `itens.${index}` as const;
  const tipo = useWatch({ control, name: `${at}.tipo` });
  return (
    <Card withBorder radius="md" padding="sm" data-testid="template-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            Item {index + 1}
          </Text>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size={40}
              aria-label="Subir item"
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size={40}
              aria-label="Descer item"
              disabled={index === total - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size={40}
              aria-label="Remover item"
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Controller
            control={control}
            name={`${at}.titulo`}
            render={({ field, fieldState }) => (
              <TextInput
                label="Título"
                withAsterisk
                maxLength={200}
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`${at}.tipo`}
            render={({ field }) => (
              <Select
                label="Tipo"
                allowDeselect={false}
                data={TYPE_OPTIONS}
                ref={field.ref}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
              />
            )}
          />
        </SimpleGrid>
        {tipo === 'numero' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <Controller
              control={control}
              name={`${at}.unidade`}
              render={({ field, fieldState }) => (
                <TextInput
                  label="Unidade"
                  placeholder="°C, V, bar"
                  maxLength={20}
                  {...field}
                  error={fieldState.error?.message}
                />
              )}
            />
            <FormNumberField
              control={control}
              name={`${at}.minimo`}
              label="Mínimo"
              decimals={3}
              min={-1_000_000_000}
            />
            <FormNumberField
              control={control}
              name={`${at}.maximo`}
              label="Máximo"
              decimals={3}
              min={-1_000_000_000}
            />
          </SimpleGrid>
        )}
        {(tipo === 'escolha_unica' || tipo === 'escolha_multipla') && (
          <Controller
            control={control}
            name={`${at}.opcoes`}
            render={({ field, fieldState }) => (
              <TagsInput
                label="Opções"
                description="Digite uma opção e tecle Enter (pelo menos 2)."
                maxTags={30}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        {tipo === 'foto' && (
          <FormNumberField
            control={control}
            name={`${at}.fotos_minimas`}
            emptyValue={1}
            label="Mínimo de fotos"
            decimals={0}
            min={1}
            max={20}
            w={160}
          />
        )}
        <Controller
          control={control}
          name={`${at}.ajuda`}
          render={({ field, fieldState }) => (
            <TextInput
              label="Texto de ajuda (opcional)"
              maxLength={500}
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormSwitch
          control={control}
          name={`${at}.obrigatorio`}
          label="Obrigatório para concluir"
        />
      </Stack>
    </Card>
  );
}
