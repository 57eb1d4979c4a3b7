import { Group, Text } from '@mantine/core';

const ITEMS: { label: string; style: React.CSSProperties }[] = [
  { label: 'A fazer', style: { background: 'var(--mantine-color-gray-7)' } },
  { label: 'Em andamento', style: { background: 'var(--mantine-color-brand-6)' } },
  { label: 'Em revisão', style: { background: 'var(--mantine-color-yellow-7)' } },
  { label: 'Concluído', style: { background: 'var(--mantine-color-teal-9)' } },
  {
    // the red corner of a bar (gantt.css .eproto-bar--late), shown whether or not the path is on
    label: 'Atrasada (fim previsto já passou)',
    style: {
      background:
        'linear-gradient(225deg, var(--mantine-color-red-5) 6px, var(--mantine-color-gray-7) 6px)',
    },
  },
  {
    label: 'Caminho crítico',
    style: { background: 'transparent', boxShadow: '0 0 0 2px var(--mantine-color-red-6) inset' },
  },
  {
    label: 'Real (executado)',
    style: { background: 'var(--mantine-color-text)', height: 4, opacity: 0.75 },
  },
  {
    label: 'Feriado ou folga',
    style: {
      background:
        'repeating-linear-gradient(135deg, color-mix(in srgb, var(--mantine-color-grape-4) 45%, transparent) 0 3px, transparent 3px 5px)',
    },
  },
  { label: 'Hoje', style: { background: 'var(--mantine-color-orange-5)', width: 2 } },
];

const BASELINE_ITEM = {
  label: 'Linha de base',
  style: {
    background:
      'repeating-linear-gradient(90deg, var(--mantine-color-gray-5) 0 4px, var(--mantine-color-gray-6) 4px 8px)',
    height: 6,
    border: '1px solid var(--mantine-color-gray-7)',
  },
};

/** What the colours and marks of the Gantt mean. */
export function GanttLegend({ withBaseline = false }: { withBaseline?: boolean }) {
  const items = withBaseline ? [...ITEMS, BASELINE_ITEM] : ITEMS;
  return (
    <Group gap="md" style={{ rowGap: 4 }} aria-label="Legenda">
      {items.map((i) => (
        <Group key={i.label} gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{ display: 'inline-block', width: 16, height: 10, borderRadius: 3, ...i.style }}
          />
          <Text size="xs" c="dimmed">
            {i.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
