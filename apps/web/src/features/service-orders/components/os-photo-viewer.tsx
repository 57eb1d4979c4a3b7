import type { OsPhoto } from '@eproto/domain';
import { OS_NO_POSITION, formatCoordinates } from '@eproto/domain';
import { Image, Modal, Stack, Text } from '@mantine/core';

import { shortDateTime } from '../utils/os-format.ts';

function where(p: OsPhoto): string {
  return p.latitude !== null && p.longitude !== null
    ? formatCoordinates({ latitude: p.latitude, longitude: p.longitude })
    : OS_NO_POSITION;
}

/** One OS photo whole, with when, where and who took it. */
export default function OsPhotoViewer({
  photo,
  onClose,
}: {
  photo: OsPhoto | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={photo !== null} onClose={onClose} size="xl" title={photo?.legenda ?? 'Foto'}>
      {photo && (
        <Stack gap="xs">
          <Image src={photo.url} alt={photo.legenda ?? 'Foto da OS'} fit="contain" mah="75vh" />
          <Text size="sm" c="dimmed">
            {shortDateTime(photo.tirada_em ?? photo.created_at)} · {where(photo)}
            {photo.enviada_por ? ` · ${photo.enviada_por.nome}` : ''}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
