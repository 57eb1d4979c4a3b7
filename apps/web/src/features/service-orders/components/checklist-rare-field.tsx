import { Checkbox, Group, Radio, Stack, Text } from '@mantine/core';

import type { ChecklistFieldProps } from '../utils/checklist-model.ts';

/** Single and multiple choice items (loaded only by checklists that have them). */
export function ChecklistRareField({
  item,
  value,
  onChange,
  onCommit,
  disabled,
}: ChecklistFieldProps) {
  const text = typeof value === 'string' ? value : '';
  switch (item.tipo) {
    case 'escolha_unica':
      return (
        <Radio.Group
          aria-label={item.titulo}
          value={text || null}
          onChange={(v) => {
            onChange(v);
            onCommit?.();
          }}
        >
          <Stack gap={6}>
            {item.opcoes.map((o) => (
              <Radio.Card key={o} value={o} radius="md" p="sm" disabled={disabled} mih={48}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Text>{o}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'escolha_multipla': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Checkbox.Group
          aria-label={item.titulo}
          value={chosen}
          onChange={(v) => {
            // keep the template's order whatever the tapping order
            onChange(item.opcoes.filter((o) => v.includes(o)));
            onCommit?.();
          }}
        >
          <Stack gap={6}>
            {item.opcoes.map((o) => (
              <Checkbox.Card key={o} value={o} radius="md" p="sm" disabled={disabled} mih={48}>
                <Group wrap="nowrap" gap="sm">
                  <Checkbox.Indicator />
                  <Text>{o}</Text>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'data':
    case 'sim_nao':
    case 'numero':
    case 'texto_curto':
    case 'texto_longo':
    case 'foto':
      return null;
  }
}
