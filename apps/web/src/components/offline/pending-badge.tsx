import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';

/** "aguardando conexão" on something done on the phone and not yet on the server. */
export function PendingBadge({ attention = false }: { attention?: boolean }) {
  if (attention) {
    return (
      <Badge
        color="red"
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
      variant="light"
      leftSection={<IconCloudUpload size={12} />}
      style={{ flexShrink: 0 }}
    >
      aguardando conexão
    </Badge>
  );
}
