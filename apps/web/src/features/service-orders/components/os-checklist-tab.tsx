import type { OsAssets, OsDetail, OsPhoto } from '@eproto/domain';
import { osAnswerRefusal } from '@eproto/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useOsStepMutation } from '../api/os-step.ts';
import { OsPendingContext, useOsPending } from '../api/use-os-with-pending.ts';
import type { ChecklistValue } from '../utils/checklist-model.ts';
import { answerOf, valueOf } from '../utils/checklist-model.ts';
import { photoUploadMeta } from '../utils/photo-meta.ts';
import { Checklist } from './checklist.tsx';
import { MissingItems } from './missing-items.tsx';

// An OS that serves assets loads its sections (the accordion stays out of the others).
const OsAssetSections = lazy(() =>
  import('./os-asset-sections.tsx').then((m) => ({ default: m.OsAssetSections })),
);
// The camera button (and what it needs) loads once a photo item is shown.
const PhotoCapture = lazy(() =>
  import('./photo-capture.tsx').then((m) => ({ default: m.PhotoCapture })),
);
const NO_PHOTOS: Readonly<Record<number, number>> = {};
/**
 * The OS's checklist items rendered with the page's first screen: a 390x844 phone shows the
 * header, the tabs and two or three items above the action bar; the others follow at once, in
 * a render of their own (Checklist's `firstItems`).
 */
const FIRST_SCREEN_ITEMS = 3;
type Asset = OsAssets['ativos'][number];

// The photo grid loads once an item has photos, not with every checklist.
const OsPhotoGrid = lazy(() =>
  import('./os-photo-grid.tsx').then((m) => ({ default: m.OsPhotoGrid })),
);

/** The OS's assets as the phone shows them, or how their reading went. */
export interface OsAssetsState {
  data: OsAssets | undefined;
  error: Error | null;
  retry: () => void;
}

function ItemPhotos({ photos }: { photos: OsPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <OsPhotoGrid photos={photos} />
    </Suspense>
  );
}

/**
 * The OS checklist: answers save as typed; photo items take photos from the camera. An OS that
 * serves assets is answered per asset (a section each); its photo items stay the OS's.
 */
export function OsChecklistTab({
  os,
  editable,
  assets,
}: {
  os: OsDetail;
  editable: boolean;
  assets?: OsAssetsState;
}) {
  const step = useOsStepMutation(os.id);
  const pending = useOsPending();
  const perAsset = os.ativos > 0;
  const all = useMemo(() => os.checklist.map((c) => c.item), [os.checklist]);
  const items = useMemo(
    () => (perAsset ? all.filter((i) => i.tipo === 'foto') : all),
    [all, perAsset],
  );
  const assetItems = useMemo(() => all.filter((i) => i.tipo !== 'foto'), [all]);
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

  const saveAsset = (asset: Asset) => (itemId: number, value: ChecklistValue) => {
    const item = assetItems.find((i) => i.id === itemId);
    if (!item) return Promise.resolve();
    const body = answerOf(item, value);
    return step.mutateAsync({
      tipo: 'ativo-resposta',
      assetId: asset.id,
      tag: asset.tag,
      itemId,
      body,
    });
  };

  if (all.length === 0) {
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
      {perAsset &&
        (assets?.data ? (
          <Suspense fallback={<ListLoading rows={2} height={72} />}>
            <OsAssetSections
              pendencias={os.pendencias}
              assets={assets.data}
              items={assetItems}
              pending={pending}
              showMissing={editable}
              meter={{
                disabled: !editable || locked !== null,
                onSave: (asset, horas) =>
                  step.mutateAsync({
                    tipo: 'ativo-horimetro',
                    assetId: asset.id,
                    tag: asset.tag,
                    body: { horas },
                  }),
              }}
              renderChecklist={(asset, assetAnswers, waiting) => (
                // "aguardando conexão" on this asset's queued answers, not the OS's.
                <OsPendingContext.Provider value={{ ...pending, answers: waiting }}>
                  <Checklist
                    osId={`${os.id}-a${asset.id}`}
                    items={assetItems}
                    answers={assetAnswers}
                    photoCounts={NO_PHOTOS}
                    onSave={saveAsset(asset)}
                    readOnly={!editable}
                    lockedReason={locked ? 'Disponível depois do check-in.' : null}
                  />
                </OsPendingContext.Provider>
              )}
            />
          </Suspense>
        ) : assets?.error ? (
          <ListError message={assets.error.message} onRetry={assets.retry} />
        ) : (
          <ListLoading rows={2} height={72} />
        ))}
      {perAsset && items.length > 0 && (
        <Title order={3} size="h5" mt="sm">
          Fotos do serviço
        </Title>
      )}
      <Checklist
        osId={os.id}
        items={items}
        firstItems={FIRST_SCREEN_ITEMS}
        answers={answers}
        photoCounts={photoCounts}
        onSave={save}
        readOnly={!editable}
        lockedReason={locked ? 'Disponível depois do check-in.' : null}
        renderPhotos={(item) => (
          <Stack gap="xs">
            <ItemPhotos photos={os.fotos.filter((f) => f.checklist_item_id === item.id)} />
            {editable && (
              <Suspense fallback={null}>
                <PhotoCapture
                  osNumero={os.codigo}
                  label="Tirar foto deste item"
                  onSend={(photos) =>
                    step.mutateAsync({
                      tipo: 'fotos',
                      fotos: photos.map((p) => ({
                        blob: p.blob,
                        meta: photoUploadMeta(p, item.id),
                      })),
                    })
                  }
                />
              </Suspense>
            )}
          </Stack>
        )}
      />
    </Stack>
  );
}
