import { Badge, type MantineSize } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';

/** "aguardando conexão" on something done on the phone and not yet on the server. */
export function PendingBadge({
  attention = false,
  size = 'md',
}: {
  attention?: boolean;
  /** 'xs' where space is short (a photo thumbnail). */
  size?: MantineSize;
}) {
  if (attention) {
    return (
      <Badge
        color="red"
        size={size}
        variant="light"
        leftSection={<IconAlertTriangle size={12} />}
        style={{ flexShrink: 0 }}
      >
        precisa de atenção
      </Badge>
    );
  }
  return (
    <Badge
      color="orange"
      size={size}
      // Lower case is narrower: the whole phrase fits under a photo thumbnail.
      tt={size === 'xs' ? 'none' : undefined}
      variant="light"
      leftSection={<IconCloudUpload size={12} />}
      style={{ flexShrink: 0 }}
    >
      aguardando conexão
    </Badge>
  );
}
