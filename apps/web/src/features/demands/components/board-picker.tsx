import { countOf } from '@eproto/domain';
import type { Board } from '@eproto/domain';
import { ColorSwatch, Group, Select, Text } from '@mantine/core';
import { useMemo } from 'react';

import { CLOSED_UNMOUNTED } from './closed-unmounted.ts';

interface Props {
  boards: Board[];
  value: number | null;
  onChange: (id: number) => void;
}

/** Chooses the board shown on the kanban (its colour beside the name). */
export function BoardPicker({ boards, value, onChange }: Props) {
  const byId = useMemo(() => new Map(boards.map((b) => [String(b.id), b])), [boards]);
  const current = byId.get(String(value));
  return (
    <Select
      aria-label="Quadro"
      data={boards.map((b) => ({ value: String(b.id), label: b.nome }))}
      value={value === null ? null : String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      searchable={boards.length > 8}
      nothingFoundMessage="Nenhum quadro"
      leftSection={current ? <ColorSwatch color={current.cor} size={14} /> : null}
      renderOption={({ option }) => {
        const b = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={b?.cor ?? '#868e96'} size={12} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate="end">
                {option.label}
              </Text>
              <Text size="xs" c="dimmed">
                {countOf(b?.demandas ?? 0, 'demanda', 'demandas')}
              </Text>
            </div>
          </Group>
        );
      }}
      flex={1}
      w={{ sm: 340 }}
      miw={0}
      comboboxProps={CLOSED_UNMOUNTED}
    />
  );
}
