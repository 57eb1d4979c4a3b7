import type { OsDetail } from '@eproto/domain';
import { Stack, Text } from '@mantine/core';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { photoUploadMeta } from '../utils/photo-meta.ts';
import { OsPhotoGrid } from './os-photo-grid.tsx';
import { PhotoCapture } from './photo-capture.tsx';

/** Every photo of the OS (before/after, with captions) and the camera for more. */
export function OsPhotosTab({ os, editable }: { os: OsDetail; editable: boolean }) {
  const step = useOsStepMutation(os.id);
  return (
    <Stack gap="sm">
      {editable && (
        <PhotoCapture
          osNumero={os.codigo}
          defaultMomento={
            os.status === 'aberta' || os.status === 'em_deslocamento' ? 'antes' : 'depois'
          }
          onSend={(photos) =>
            step.mutateAsync({
              tipo: 'fotos',
              fotos: photos.map((p) => ({ blob: p.blob, meta: photoUploadMeta(p) })),
            })
          }
        />
      )}
      {os.fotos.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma foto ainda.
        </Text>
      ) : (
        <OsPhotoGrid
          photos={os.fotos}
          onDelete={
            editable
              ? (p) =>
                  step
                    .mutateAsync({ tipo: 'foto-remover', fotoId: p.id })
                    .then(() => toastSuccess('Foto excluída.'))
                    .catch((e: Error) => toastError(e.message))
              : undefined
          }
        />
      )}
    </Stack>
  );
}
