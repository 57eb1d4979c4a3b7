import type { TicketAttachment } from '@eproto/domain';
import { TICKET_ATTACHMENT_HINT, TICKET_ATTACHMENT_MAX_MB } from '@eproto/domain';
import { Anchor, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';

import { formatDateTime } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useUploadTicketAttachment } from '../api/upload-ticket-attachment.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';

/** Files of a ticket (downloaded as attachments) and the button to add one, with progress. */
export function TicketAttachments({
  ticketId,
  items,
}: {
  ticketId: number;
  items: TicketAttachment[];
}) {
  const upload = useUploadTicketAttachment();
  const [progress, setProgress] = useState<number | null>(null);

  const send = (file: File | null) => {
    if (!file) return;
    if (file.size > TICKET_ATTACHMENT_MAX_MB * 1_048_576) {
      toastError(`O arquivo passa de ${TICKET_ATTACHMENT_MAX_MB} MB.`);
      return;
    }
    setProgress(0);
    upload.mutate(
      { ticketId, file, onProgress: setProgress },
      {
        onSuccess: () => toastSuccess(`${file.name} anexado.`),
        onError: (error) => toastError(error.message),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap="sm">
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum anexo.
        </Text>
      )}
      {items.map((a) => (
        <Group key={a.id} gap="xs" wrap="nowrap" justify="space-between">
          <Stack gap={0} miw={0}>
            <Anchor href={a.url} download={a.fileName} size="sm" truncate="end">
              {a.fileName}
            </Anchor>
            <Text size="xs" c="dimmed" truncate="end">
              {formatBytes(a.size)} · {a.uploadedBy?.nome ?? '—'} · {formatDateTime(a.createdAt)}
            </Text>
          </Stack>
          <Anchor href={a.url} download={a.fileName} aria-label={`Baixar ${a.fileName}`} c="dimmed">
            <IconDownload size={18} />
          </Anchor>
        </Group>
      ))}
      {progress !== null && (
        <Progress value={progress * 100} size="sm" animated aria-label="Enviando anexo" />
      )}
      <FileButton onChange={send}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconPaperclip size={16} />}
            loading={upload.isPending}
          >
            Anexar arquivo
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {TICKET_ATTACHMENT_HINT}
      </Text>
    </Stack>
  );
}
