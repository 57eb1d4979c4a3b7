import type { OsDetail, OsPhoto } from '@eproto/domain';
import { osAnswerRefusal } from '@eproto/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';

import { useOsStepMutation } from '../api/os-step.ts';
import type { ChecklistValue } from '../utils/checklist-model.ts';
import { answerOf, valueOf } from '../utils/checklist-model.ts';
import { photoUploadMeta } from '../utils/photo-meta.ts';
import { Checklist } from './checklist.tsx';
import { MissingItems } from './missing-items.tsx';
import { PhotoCapture } from './photo-capture.tsx';

// The photo grid loads once an item has photos, not with every checklist.
const OsPhotoGrid = lazy(() =>
  import('./os-photo-grid.tsx').then((m) => ({ default: m.OsPhotoGrid })),
);

function ItemPhotos({ photos }: { photos: OsPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OsPhotoGrid photos={photos} />
    </Suspense>
  );
}

/** The OS checklist: answers save as typed; photo items take photos from the camera. */
export function OsChecklistTab({ os, editable }: { os: OsDetail; editable: boolean }) {
  const step = useOsStepMutation(os.id);
  const items = useMemo(() => os.checklist.map((c) => c.item), [os.checklist]);
  const answers = useMemo(
    () => Object.fromEntries(os.checklist.map((c) => [c.item.id, valueOf(c.item, c.resposta)])),
    [os.checklist],
  );
  const photoCounts = useMemo(
    () => Object.fromEntries(os.checklist.map((c) => [c.item.id, c.fotos])),
    [os.checklist],
  );

  const save = (itemId: number, value: ChecklistValue) => {
    const item = items.find((i) => i.id === itemId);
    if (!item) return Promise.resolve();
    return step.mutateAsync({ tipo: 'resposta', itemId, body: answerOf(item, value) });
  };

  if (items.length === 0) {
    return <Text c="dimmed">Este tipo de serviço não tem checklist.</Text>;
  }
  // The server refuses answers before the check-in: the inputs say so instead of looking
  // answerable (a queued check-in already counts: the page shows the OS with it).
  const locked = editable ? osAnswerRefusal(os.status) : null;
  return (
    <Stack gap="sm">
      {locked && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock size={18} />}
          data-testid="checklist-locked"
        >
          {locked} Toque em “Cheguei” quando estiver no local; as fotos já podem ser tiradas.
        </Alert>
      )}
      {editable && <MissingItems items={os.pendencias} />}
      <Checklist
        osId={os.id}
        items={items}
        answers={answers}
        photoCounts={photoCounts}
        onSave={save}
        readOnly={!editable}
        lockedReason={locked ? 'Disponível depois do check-in.' : null}
        renderPhotos={(item) => (
          <Stack gap="xs">
            <ItemPhotos photos={os.fotos.filter((f) => f.checklist_item_id === item.id)} />
            {editable && (
              <PhotoCapture
                osNumero={os.codigo}
                label="Tirar foto deste item"
                onSend={(photos) =>
                  step.mutateAsync({
                    tipo: 'fotos',
                    fotos: photos.map((p) => ({ blob: p.blob, meta: photoUploadMeta(p, item.id) })),
                  })
                }
              />
            )}
          </Stack>
        )}
      />
    </Stack>
  );
}
