import { Button, SimpleGrid } from '@mantine/core';

const OPTIONS = [
  { value: 'sim', label: 'Sim', color: 'teal' },
  { value: 'nao', label: 'Não', color: 'red' },
  { value: 'na', label: 'Não se aplica', color: 'gray' },
] as const;

/**
 * Sim / Não / Não se aplica as three big buttons: one thumb tap, no answer until tapped. Read-only
 * (disabled), the answer keeps its colour: a disabled Button alone would grey all three alike.
 */
export function YesNoControl({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (value: 'sim' | 'nao' | 'na') => void;
  disabled?: boolean;
}) {
  return (
    <SimpleGrid cols={3} spacing={6} role="radiogroup" aria-label={label}>
      {OPTIONS.map((o) => {
        const on = value === o.value;
        return (
          <Button
            key={o.value}
            role="radio"
            aria-checked={on}
            size="md"
            h={52}
            px={4}
            color={o.color}
            variant={on ? 'filled' : 'default'}
            disabled={disabled}
            onClick={() => onChange(o.value)}
            styles={{
              root:
                on && disabled
                  ? {
                      backgroundColor: `var(--mantine-color-${o.color}-filled)`,
                      color: 'var(--mantine-color-white)',
                      cursor: 'default',
                    }
                  : undefined,
              label: { whiteSpace: 'normal', lineHeight: 1.15, textAlign: 'center' },
            }}
          >
            {o.label}
          </Button>
        );
      })}
    </SimpleGrid>
  );
}
