import type { OsPhoto } from '@eproto/domain';
import { OS_PHOTO_TAG_LABELS } from '@eproto/domain';
import {
  ActionIcon,
  Badge,
  Card,
  Image,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { shortDateTime } from '../utils/os-format.ts';

// The viewer (a Modal: focus trap, scroll lock, floating-ui) loads on the first intent to open a
// photo (pointer over, touch or focus on a thumbnail) and mounts closed, so the tap that follows
// opens it with its transition.
const OsPhotoViewer = lazy(() => import('./os-photo-viewer.tsx'));

/** Thumbnails with their tag, caption and time; a tap opens the photo whole. */
export function OsPhotoGrid({
  photos,
  onDelete,
}: {
  photos: readonly OsPhoto[];
  onDelete?: (photo: OsPhoto) => void;
}) {
  const [open, setOpen] = useState<OsPhoto | null>(null);
  const [viewerUsed, setViewerUsed] = useState(false);
  if (open && !viewerUsed) setViewerUsed(true);
  const warmViewer = () => setViewerUsed(true);
  const pending = useOsPending();
  if (photos.length === 0) return null;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="xs" data-testid="os-photos">
        {photos.map((p) => (
          <Card key={p.id} withBorder radius="md" padding={0}>
            <UnstyledButton
              onClick={() => setOpen(p)}
              onPointerEnter={warmViewer}
              onPointerDown={warmViewer}
              onFocus={warmViewer}
              aria-label={`Abrir foto ${p.legenda ?? ''}`}
            >
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
      {viewerUsed && (
        <Suspense fallback={null}>
          <OsPhotoViewer photo={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
