import '@mantine/dropzone/styles.css';

import { ActionIcon, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';

import { formatBytes } from '../../lib/format-bytes.ts';
import { useUploadThreadAttachment } from './api/upload-thread-attachment.ts';
import type { WorkItemRef } from './work-item-ref.ts';
import { TextInput } from '../text-fields.tsx';

const ACCEPT_HINT = 'Imagem, vídeo, PDF, documento, planilha, apresentação, ZIP ou texto.';

/** Choose a file, optionally name it, and send it with a progress bar (cancellable). */
export function AttachmentUpload({ item }: { item: WorkItemRef }) {
  const [file, setFile] = useState<File | null>(null);
  const [displayName, setDisplayName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadThreadAttachment(item);

  const reset = () => {
    setFile(null);
    setDisplayName('');
    setProgress(null);
    abort.current = null;
  };

  const send = () => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      { file, displayName, onProgress: setProgress, signal: controller.signal },
      { onSuccess: reset, onError: () => setProgress(null) },
    );
  };

  if (!file) {
    return (
      <Dropzone
        onDrop={(files) => setFile(files[0] ?? null)}
        multiple={false}
        p="md"
        radius="md"
        aria-label="Escolher arquivo para anexar"
      >
        <Group gap="sm" justify="center" mih={56} style={{ pointerEvents: 'none' }}>
          <IconUpload size={24} stroke={1.5} />
          <div>
            <Text size="sm" fw={600}>
              Arraste um arquivo ou clique para escolher
            </Text>
            <Text size="xs" c="dimmed">
              {ACCEPT_HINT}
            </Text>
          </div>
        </Group>
      </Dropzone>
    );
  }

  const sending = progress !== null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconFile size={18} />
            <Text size="sm" truncate="end">
              {file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatBytes(file.size)}
            </Text>
          </Group>
          {!sending && (
            <ActionIcon variant="subtle" color="gray" onClick={reset} aria-label="Trocar arquivo">
              <IconX size={16} />
            </ActionIcon>
          )}
        </Group>
        {sending ? (
          <Group gap="sm" wrap="nowrap" aria-live="polite">
            <Progress
              value={progress * 100}
              flex={1}
              size="lg"
              radius="xl"
              animated={progress < 1}
              aria-label="Progresso do envio"
            />
            <Text size="sm" w={44} ta="right">
              {Math.round(progress * 100)}%
            </Text>
            <Button variant="subtle" color="gray" size="xs" onClick={() => abort.current?.abort()}>
              Cancelar
            </Button>
          </Group>
        ) : (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Nome de exibição"
              placeholder={file.name}
              description="Opcional. Como o arquivo aparece na lista."
              value={displayName}
              onChange={(e) => setDisplayName(e.currentTarget.value)}
              maxLength={200}
              flex="1 1 240px"
            />
            <Button leftSection={<IconUpload size={16} />} onClick={send}>
              Enviar arquivo
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
