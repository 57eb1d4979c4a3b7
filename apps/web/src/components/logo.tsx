import { Group, Text } from '@mantine/core';

import { LogoMark } from './logo-mark.tsx';

interface LogoProps {
  size?: number;
  /** Hides the word "E-Proto" (collapsed spaces). */
  markOnly?: boolean;
}

/** Product logo: mark plus the "E-Proto" word. */
export function Logo({ size = 28, markOnly = false }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap" aria-label="E-Proto">
      <LogoMark size={size} />
      {!markOnly && (
        <Text
          component="span"
          fw={750}
          fz={size * 0.62}
          lh={1}
          style={{ letterSpacing: '-0.02em' }}
        >
          E-
          <Text component="span" inherit c="brand">
            Proto
          </Text>
        </Text>
      )}
    </Group>
  );
}
