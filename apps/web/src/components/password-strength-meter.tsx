import type { PasswordOwner } from '@eproto/domain';
import { PASSWORD_STRENGTH_LABELS } from '@eproto/domain';
import { Box, Group, Stack, Text } from '@mantine/core';

import { usePasswordVerdict } from '../lib/use-password-verdict.ts';

const COLORS = ['red', 'red', 'orange', 'teal', 'green'] as const;

interface Props {
  password: string;
  owner: PasswordOwner;
}

/** Four bars, the strength in words and, for a refused password, why (shared policy). */
export function PasswordStrengthMeter({ password, owner }: Props) {
  const verdict = usePasswordVerdict(password, owner);
  if (!verdict) return null;
  const color = verdict.ok ? COLORS[verdict.score] : verdict.score >= 3 ? 'orange' : 'red';
  const filled = Math.max(1, verdict.score);
  const label = PASSWORD_STRENGTH_LABELS[verdict.score];
  const hint = verdict.problem && verdict.hints[0];
  return (
    <Stack gap={4} aria-live="polite">
      <Group
        gap={4}
        grow
        role="meter"
        aria-label="Força da senha"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={verdict.score}
        aria-valuetext={label}
      >
        {[1, 2, 3, 4].map((bar) => (
          <Box
            key={bar}
            h={4}
            style={{
              borderRadius: 2,
              background:
                bar <= filled
                  ? `var(--mantine-color-${color}-6)`
                  : 'var(--mantine-color-default-border)',
            }}
          />
        ))}
      </Group>
      <Text size="xs" c={verdict.ok ? 'dimmed' : undefined}>
        Força da senha: <b>{label}</b>
        {verdict.ok ? ' · senha aceita' : ''}
      </Text>
      {verdict.problem && (
        <Text size="xs" c="var(--mantine-color-error)">
          {verdict.problem}
          {hint ? ` ${hint}` : ''}
        </Text>
      )}
    </Stack>
  );
}
