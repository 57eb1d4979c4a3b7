import { Text, Tooltip } from '@mantine/core';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';

/** "há 2 horas" with the exact date on hover; "Nunca entrou" when empty. */
export function LastSignIn({ at }: { at: string | null }) {
  if (!at) {
    return (
      <Text size="sm" c="dimmed">
        Nunca entrou
      </Text>
    );
  }
  return (
    <Tooltip label={formatDateTime(at)}>
      <Text size="sm" component="span">
        {fromNow(at)}
      </Text>
    </Tooltip>
  );
}
