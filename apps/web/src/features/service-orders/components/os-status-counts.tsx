import { OS_STATUS_LABELS, OS_STATUSES, type OsStatus } from '@eproto/domain';
import { Badge, Chip, Group } from '@mantine/core';

import { OS_STATUS_COLOR } from '../../../components/os-status-badge.tsx';

/** OSs per status under the other filters; a tap filters by that status. */
export function OsStatusCounts({
  counts,
  late,
  status,
  onStatus,
}: {
  counts: Partial<Record<OsStatus, number>>;
  late: number;
  status: OsStatus | undefined;
  onStatus: (s: OsStatus | undefined) => void;
}) {
  return (
    <Group gap={6} data-testid="os-counts">
      {OS_STATUSES.map((s) => (
        <Chip
          key={s}
          size="sm"
          color={OS_STATUS_COLOR[s]}
          checked={status === s}
          onChange={() => onStatus(status === s ? undefined : s)}
          variant="light"
        >
          {OS_STATUS_LABELS[s]}: {counts[s] ?? 0}
        </Chip>
      ))}
      {late > 0 && (
        <Badge color="red" variant="filled" size="lg" radius="sm">
          Atrasadas: {late}
        </Badge>
      )}
    </Group>
  );
}
