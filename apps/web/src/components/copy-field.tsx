import { Button, CopyButton, Group } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

import { TextInput } from './text-fields.tsx';

interface CopyFieldProps {
  value: string;
  /** The field's visible label; without one, `ariaLabel` names it. */
  label?: string;
  ariaLabel?: string;
  /** Tokens and secrets read better in a fixed-width font. */
  monospace?: boolean;
}

/**
 * A read-only value to copy (a secret shown once, a private link): selected whole on focus,
 * with a "Copiar" button that says "Copiado" for a moment.
 */
export function CopyField({ value, label, ariaLabel, monospace = false }: CopyFieldProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={label}
        aria-label={label ? undefined : ariaLabel}
        value={value}
        maxLength={value.length}
        count="never"
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={
          monospace ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined
        }
        style={{ flex: 1, minWidth: 0 }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'filled'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
          >
            {copied ? 'Copiado' : 'Copiar'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
