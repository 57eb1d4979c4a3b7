import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

// Apart from sst-list.tsx: the APR card a technician signs (Meus EPIs, the OS page) uses it, and
// sst-list.tsx brings the list page (Pagination, Table, Select) with it.

/**
 * The top line of a card: its title and, at the right, its situation; on a narrow card the
 * situation goes under the title instead of being cut ("EM ASSI…").
 */
export function SstCardHead({ title, badge }: { title: ReactNode; badge: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap={6}>
      {title}
      {badge}
    </Group>
  );
}
