import type { ReviewStatus } from '@eproto/domain';
import { REVIEW_STATUS_LABELS } from '@eproto/domain';
import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';

const REVIEW_COLORS: Record<ReviewStatus, string> = {
  pendente: 'yellow',
  aprovado: 'teal',
  rejeitado: 'red',
};

/** Review state of a task. */
export function ReviewBadge({ status, ...props }: { status: ReviewStatus } & BadgeProps) {
  return (
    <Badge color={REVIEW_COLORS[status]} variant="dot" {...props}>
      Revisão {REVIEW_STATUS_LABELS[status].toLowerCase()}
    </Badge>
  );
}
