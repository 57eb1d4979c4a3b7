import type { OsPhoto } from '@eproto/domain';
import { OS_NO_POSITION, formatCoordinates } from '@eproto/domain';
import { Image, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { shortDateTime } from '../utils/os-format.ts';

function where(p: OsPhoto): string {
  return p.latitude !== null && p.longitude !== null
    ? formatCoordinates({ latitude: p.latitude, longitude: p.longitude })
    : OS_NO_POSITION;
}

/**
 * One OS photo whole, with when, where and who took it. It opens one frame after it mounts, so
 * even when it mounts with a photo (its lazy chunk arrived after the tap) it slides in like every
 * later opening instead of appearing; while it closes it keeps showing the last photo.
 */
export default function OsPhotoViewer({
  photo,
  onClose,
}: {
  photo: OsPhoto | null;
  onClose: () => void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const [shown, setShown] = useState(photo);
  if (photo && photo !== shown) setShown(photo);
  return (
    <Modal
      opened={mounted && photo !== null}
      onClose={onClose}
      size="xl"
      title={shown?.legenda ?? 'Foto'}
    >
      {shown && (
        <Stack gap="xs">
          <Image src={shown.url} alt={shown.legenda ?? 'Foto da OS'} fit="contain" mah="75vh" />
          <Text size="sm" c="dimmed">
            {shortDateTime(shown.tirada_em ?? shown.created_at)} · {where(shown)}
            {shown.enviada_por ? ` · ${shown.enviada_por.nome}` : ''}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
