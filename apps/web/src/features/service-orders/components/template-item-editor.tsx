import type { OsItemType, OsTemplateItemBody } from '@eproto/domain';
import { OS_ITEM_TYPE_LABELS, OS_ITEM_TYPES } from '@eproto/domain';
import {
  ActionIcon,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';

import { NumberField } from '../../../components/number-field.tsx';
import { TextInput } from '../../../components/text-fields.tsx';

/** One item as the editor holds it (the body of osTemplateItemBody). */
export interface DraftItem {
  key: string;
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

/** Editor of one checklist item: title, type and its settings, required, help, order. */
export function TemplateItemEditor({
  index,
  total,
  item,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  total: number;
  item: DraftItem;
  onChange: (item: DraftItem) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const set = <K extends keyof DraftItem>(k: K, v: DraftItem[K]) => onChange({ ...item, [k]: v });
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
          <TextInput
            label="Título"
            withAsterisk
            maxLength={200}
            value={item.titulo}
            onChange={(e) => set('titulo', e.currentTarget.value)}
          />
          <Select
            label="Tipo"
            allowDeselect={false}
            data={OS_ITEM_TYPES.map((t) => ({ value: t, label: OS_ITEM_TYPE_LABELS[t] }))}
            value={item.tipo}
            onChange={(v) => v && set('tipo', v)}
          />
        </SimpleGrid>
        {item.tipo === 'numero' && (
          <SimpleGrid cols={3} spacing="xs">
            <TextInput
              label="Unidade"
              placeholder="°C, V, bar"
              maxLength={20}
              value={item.unidade}
              onChange={(e) => set('unidade', e.currentTarget.value)}
            />
            <NumberField
              label="Mínimo"
              decimals={3}
              min={-1_000_000_000}
              value={item.minimo}
              onChange={(v) => set('minimo', v)}
            />
            <NumberField
              label="Máximo"
              decimals={3}
              min={-1_000_000_000}
              value={item.maximo}
              onChange={(v) => set('maximo', v)}
            />
          </SimpleGrid>
        )}
        {(item.tipo === 'escolha_unica' || item.tipo === 'escolha_multipla') && (
          <TagsInput
            label="Opções"
            description="Digite uma opção e tecle Enter (pelo menos 2)."
            value={item.opcoes}
            maxTags={30}
            onChange={(v) => set('opcoes', v)}
          />
        )}
        {item.tipo === 'foto' && (
          <NumberField
            label="Mínimo de fotos"
            decimals={0}
            min={1}
            max={20}
            value={item.fotos_minimas ?? 1}
            onChange={(v) => set('fotos_minimas', v)}
            w={160}
          />
        )}
        <TextInput
          label="Texto de ajuda (opcional)"
          maxLength={500}
          value={item.ajuda}
          onChange={(e) => set('ajuda', e.currentTarget.value)}
        />
        <Switch
          label="Obrigatório para concluir"
          checked={item.obrigatorio}
          onChange={(e) => set('obrigatorio', e.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}
