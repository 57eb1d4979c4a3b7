import type { OsPhoto } from '@eproto/domain';
import { OS_NO_POSITION, OS_PHOTO_TAG_LABELS, formatCoordinates } from '@eproto/domain';
import {
  ActionIcon,
  Badge,
  Card,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { shortDateTime } from '../utils/os-format.ts';

function where(p: OsPhoto): string {
  return p.latitude !== null && p.longitude !== null
    ? formatCoordinates({ latitude: p.latitude, longitude: p.longitude })
    : OS_NO_POSITION;
}

/** Thumbnails with their tag, caption and time; a tap opens the photo whole. */
export function OsPhotoGrid({
  photos,
  onDelete,
}: {
  photos: readonly OsPhoto[];
  onDelete?: (photo: OsPhoto) => void;
}) {
  const [open, setOpen] = useState<OsPhoto | null>(null);
  const pending = useOsPending();
  if (photos.length === 0) return null;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs" data-testid="os-photos">
        {photos.map((p) => (
          <Card key={p.id} withBorder radius="md" padding={0}>
            <UnstyledButton onClick={() => setOpen(p)} aria-label={`Abrir foto ${p.legenda ?? ''}`}>
              <Image
                src={p.miniatura_url ?? p.url}
                alt={p.legenda ?? 'Foto da OS'}
                h={120}
                fit="cover"
              />
            </UnstyledButton>
            <Stack gap={2} p={6}>
              {p.tag && (
                <Badge size="xs" variant="light" color={p.tag === 'antes' ? 'gray' : 'teal'}>
                  {OS_PHOTO_TAG_LABELS[p.tag]}
                </Badge>
              )}
              {p.legenda && (
                <Text size="xs" lineClamp={2}>
                  {p.legenda}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {shortDateTime(p.tirada_em ?? p.created_at)}
              </Text>
              {pending.photos.has(p.id) && <PendingBadge size="xs" />}
              {onDelete && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={36}
                  aria-label="Excluir foto"
                  onClick={() => onDelete(p)}
                  style={{ alignSelf: 'flex-end' }}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={open?.legenda ?? 'Foto'}
      >
        {open && (
          <Stack gap="xs">
            <Image src={open.url} alt={open.legenda ?? 'Foto da OS'} fit="contain" mah="75vh" />
            <Text size="sm" c="dimmed">
              {shortDateTime(open.tirada_em ?? open.created_at)} · {where(open)}
              {open.enviada_por ? ` · ${open.enviada_por.nome}` : ''}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
