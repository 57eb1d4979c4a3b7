import type { WorkItemAttachment } from '@eproto/domain';
import { ActionIcon, Anchor, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconDownload,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileZip,
  IconPaperclip,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';

import { formatDateTime } from '../../lib/dates.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { useSession } from '../../lib/session.ts';
import { ListEmpty, ListError, ListLoading } from '../list-states.tsx';
import { useThreadAttachments } from './api/get-thread-attachments.ts';
import { AttachmentUpload } from './attachment-upload.tsx';
import { DeleteAttachmentModal } from './delete-attachment-modal.tsx';
import type { WorkItemRef } from './work-item-ref.ts';

function FileIcon({ mime }: { mime: string }) {
  const Icon = mime.startsWith('image/')
    ? IconPhoto
    : mime.includes('zip')
      ? IconFileZip
      : mime.includes('sheet') || mime.includes('excel') || mime.includes('csv')
        ? IconFileSpreadsheet
        : mime.includes('pdf') || mime.startsWith('text/') || mime.includes('word')
          ? IconFileText
          : IconFile;
  return (
    <ThemeIcon variant="light" color="gray" size={36} radius="md">
      <Icon size={20} />
    </ThemeIcon>
  );
}

/** Anexos: upload with progress, download, delete with a required reason. */
export function ThreadAttachments({ item }: { item: WorkItemRef }) {
  const list = useThreadAttachments(item);
  const meId = useSession().user?.id;
  const [deleting, setDeleting] = useState<WorkItemAttachment | null>(null);
  const canDelete = (a: WorkItemAttachment) =>
    a.uploaded_by === meId || item.can.deleteAnyAttachment;

  return (
    <Stack gap="md">
      {item.can.upload && <AttachmentUpload item={item} />}
      {list.isPending ? (
        <ListLoading rows={3} height={56} />
      ) : list.isError ? (
        <ListError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <ListEmpty
          icon={<IconPaperclip size={24} />}
          title="Nenhum anexo"
          hint={`Fotos, laudos e documentos da ${item.noun} ficam aqui.`}
        />
      ) : (
        <Stack gap="xs" aria-label="Anexos">
          {list.data.map((a) => (
            <Paper key={a.id} withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <FileIcon mime={a.mime_type} />
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      href={a.download_url}
                      download={a.file_name}
                      size="sm"
                      fw={600}
                      lineClamp={1}
                    >
                      {a.display_name}
                    </Anchor>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {a.display_name !== a.file_name && `${a.file_name} · `}
                      {formatBytes(a.size)} · {a.uploaded_by_nome ?? 'Alguém'} ·{' '}
                      {formatDateTime(a.created_at)}
                    </Text>
                  </div>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Baixar">
                    <ActionIcon
                      component="a"
                      href={a.download_url}
                      download={a.file_name}
                      variant="subtle"
                      color="gray"
                      aria-label={`Baixar ${a.display_name}`}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {canDelete(a) && (
                    <Tooltip label="Excluir">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(a)}
                        aria-label={`Excluir ${a.display_name}`}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <DeleteAttachmentModal item={item} attachment={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
