import '@mantine/dropzone/styles.css';

import { TICKET_ATTACHMENT_HINT, TICKET_ATTACHMENT_MAX_MB } from '@eproto/domain';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';

import { toastError } from '../../../lib/toast.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';

interface Props {
  files: File[];
  onChange: (files: File[]) => void;
}

/** Drop or choose files to attach to a new ticket (sent after the ticket is created). */
export function AttachmentPicker({ files, onChange }: Props) {
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(dropped) => onChange([...files, ...dropped].slice(0, 10))}
        onReject={(rejected) =>
          toastError(
            `${rejected.length === 1 ? 'Um arquivo passou' : `${rejected.length} arquivos passaram`} de ${TICKET_ATTACHMENT_MAX_MB} MB.`,
          )
        }
        maxSize={TICKET_ATTACHMENT_MAX_MB * 1_048_576}
        p="md"
        radius="md"
        aria-label="Anexar arquivos"
      >
        <Group gap="sm" justify="center" mih={56} style={{ pointerEvents: 'none' }}>
          <IconUpload size={24} stroke={1.5} />
          <div>
            <Text size="sm" fw={600}>
              Arraste arquivos ou clique para escolher
            </Text>
            <Text size="xs" c="dimmed">
              {TICKET_ATTACHMENT_HINT}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {files.map((f, i) => (
        <Group key={`${f.name}-${i}`} gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconPaperclip size={14} />
            <Text size="sm" truncate="end">
              {f.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(f.size)}
            </Text>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Remover ${f.name}`}
            onClick={() => onChange(files.filter((_, j) => j !== i))}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
