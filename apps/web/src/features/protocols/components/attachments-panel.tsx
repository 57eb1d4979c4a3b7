import type { Protocol } from '@eproto/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconPaperclip, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useProtocolAttachments } from '../api/get-protocol-attachments.ts';
import { useUploadProtocolAttachment } from '../api/upload-protocol-attachment.ts';
import { formatBytes } from '../utils/format-bytes.ts';

/** Files of a task: list with download, upload with progress and an optional display name. */
export function AttachmentsPanel({ task }: { task: Protocol }) {
  const files = useProtocolAttachments(task.id);
  const upload = useUploadProtocolAttachment(task.id);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const send = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { file, displayName: name.trim() || undefined, onProgress: setProgress },
      {
        onSuccess: () => {
          setFile(null);
          setName('');
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap="md">
      {task.permissions.message && (
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <FileButton onChange={setFile}>
              {(props) => (
                <Button variant="default" leftSection={<IconPaperclip size={16} />} {...props}>
                  {file ? 'Trocar arquivo' : 'Escolher arquivo'}
                </Button>
              )}
            </FileButton>
            <TextInput
              aria-label="Nome de exibição"
              placeholder="Nome de exibição (opcional)"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={200}
              flex="1 1 200px"
            />
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={send}
              disabled={!file}
              loading={upload.isPending}
            >
              Enviar
            </Button>
          </Group>
          {file && (
            <Text size="xs" c="dimmed">
              {file.name} · {formatBytes(file.size)}
            </Text>
          )}
          {progress !== null && (
            <Progress
              value={Math.round(progress * 100)}
              size="sm"
              animated
              aria-label="Progresso do envio"
            />
          )}
        </Stack>
      )}
      {files.isPending ? (
        <ListLoading rows={2} height={44} />
      ) : files.isError ? (
        <ListError message={files.error.message} onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <ListEmpty
          icon={<IconPaperclip size={24} />}
          title="Nenhum anexo"
          hint="Fotos, laudos e documentos da tarefa ficam aqui."
        />
      ) : (
        <Stack gap="xs">
          {files.data.map((f) => (
            <Group
              key={f.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              data-testid="attachment-row"
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor href={f.download_url} size="sm" fw={500} truncate>
                  {f.display_name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {f.file_name} · {formatBytes(f.size)} · {f.uploaded_by_nome ?? '—'} ·{' '}
                  {formatDateTime(f.created_at)}
                </Text>
              </Stack>
              <Tooltip label="Baixar">
                <ActionIcon
                  component="a"
                  href={f.download_url}
                  variant="subtle"
                  aria-label={`Baixar ${f.display_name}`}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
