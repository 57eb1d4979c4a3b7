import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/**
 * The tooltip of a conflict flag, in its own chunk: Mantine's Tooltip brings floating-ui
 * (~21 KB gzip), which Minha agenda needs only when an entry has a conflict (agenda-badges.tsx).
 */
export default function ConflictTooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement;
}) {
  return (
    <Tooltip label={label} multiline w={280}>
      {children}
    </Tooltip>
  );
}
