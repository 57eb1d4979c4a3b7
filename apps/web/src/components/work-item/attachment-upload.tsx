import '@mantine/dropzone/styles.css';
import '../../lib/zod-locale.ts';

import { attachmentUploadFields, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { formatBytes } from '../../lib/format-bytes.ts';
import { useUploadThreadAttachment } from './api/upload-thread-attachment.ts';
import type { WorkItemRef } from './work-item-ref.ts';
import { TextInput } from '../text-fields.tsx';

const ACCEPT_HINT = 'Imagem, vídeo, PDF, documento, planilha, apresentação, ZIP ou texto.';

/**
 * Choose a file, optionally name it (the domain's attachmentUploadFields), and send it with a
 * progress bar (cancellable).
 */
export function AttachmentUpload({ item }: { item: WorkItemRef }) {
  const [file, setFile] = useState<File | null>(null);
  const form = useForm({
    resolver: zodResolver(attachmentUploadFields),
    defaultValues: { display_name: '' },
  });
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useUploadThreadAttachment(item);

  const reset = () => {
    setFile(null);
    form.reset({ display_name: '' });
    setProgress(null);
    abort.current = null;
  };

  const send = form.handleSubmit(({ display_name }) => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    upload.mutate(
      { file, displayName: display_name, onProgress: setProgress, signal: controller.signal },
      { onSuccess: reset, onError: () => setProgress(null) },
    );
  });

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
          <form noValidate onSubmit={(e) => void send(e)}>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label="Nome de exibição"
                placeholder={file.name}
                description="Opcional. Como o arquivo aparece na lista."
                {...form.register('display_name')}
                error={form.formState.errors.display_name?.message}
                maxLength={textMaxLength(attachmentUploadFields, 'display_name')}
                flex="1 1 240px"
              />
              <Button type="submit" leftSection={<IconUpload size={16} />}>
                Enviar arquivo
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
