import type { OsDetail } from '@eproto/domain';
import { historyLabeller, WORK_ITEM_HISTORY_LABELS } from '@eproto/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';

import { ThreadAttachments } from '../../../components/work-item/thread-attachments.tsx';
import { ThreadHistory } from '../../../components/work-item/thread-history.tsx';
import { ThreadMessages } from '../../../components/work-item/thread-messages.tsx';
import type { WorkItemRef } from '../../../components/work-item/work-item-ref.ts';

/** The OS as a work item for the shared thread: whoever sees it talks and shares files. */
export function osRef(os: OsDetail): WorkItemRef {
  return {
    kind: 'service-orders',
    id: os.id,
    muralId: null,
    uploadPath: 'attachments',
    noun: 'OS',
    can: { message: true, upload: true, deleteAnyAttachment: os.permissoes.gerenciar },
  };
}

const label = historyLabeller(WORK_ITEM_HISTORY_LABELS);

type Part = 'mensagens' | 'anexos' | 'historico';

/** Conversa: messages with @mentions, files (deleted with a reason) and their history. */
export function OsConversationTab({ os }: { os: OsDetail }) {
  const [part, setPart] = useState<Part>('mensagens');
  const item = osRef(os);
  return (
    <Stack gap="md">
      <SegmentedControl
        w={{ base: '100%', sm: 420 }}
        aria-label="Parte da conversa"
        value={part}
        onChange={setPart}
        data={[
          { value: 'mensagens', label: 'Mensagens' },
          { value: 'anexos', label: 'Anexos' },
          { value: 'historico', label: 'Registro' },
        ]}
      />
      {part === 'mensagens' ? (
        <ThreadMessages item={item} />
      ) : part === 'anexos' ? (
        <ThreadAttachments item={item} />
      ) : (
        <ThreadHistory item={item} label={label} />
      )}
    </Stack>
  );
}
