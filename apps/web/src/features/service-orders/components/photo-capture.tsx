import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhotoPlus } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

import type { GeoReading } from '../hooks/use-geolocation.ts';
import { readPosition } from '../hooks/use-geolocation.ts';
import { stampMetadata, type PhotoStamp } from '../utils/photo-stamp.ts';
import type { PhotoMoment } from './photo-moment.ts';

/** A photo ready to send: the stamped JPEG, its tag, caption and metadata. */
export interface CapturedPhoto {
  blob: Blob;
  momento: PhotoMoment;
  legenda: string;
  meta: ReturnType<typeof stampMetadata>;
}

// Shrinking and stamping (canvas, browser-image-compression) and the preview with its tag and
// caption load with the first photo taken, not with the checklist that shows this button.
const preparePhoto = (file: File, stamp: PhotoStamp) =>
  import('../utils/photo-process.ts').then((m) => m.preparePhoto(file, stamp));
const loadPreview = () => import('./photo-preview.tsx');
const PhotoPreview = lazy(loadPreview);

interface Prepared {
  blob: Blob;
  url: string;
  stamp: PhotoStamp;
  legenda: string;
}

/**
 * Camera button for an OS, and beside it the gallery, where several photos are chosen at
 * once. Each photo is shrunk on the phone, stamped with the OS number, date, time and position
 * (or "posição não informada"), then shown with the before/after tag and a caption before they
 * are sent together (`onSend` gets them all; the OS sends each as its own outbox write).
 * `prepare` and `locate` are replaceable in tests (no canvas there).
 */
export function PhotoCapture({
  osNumero,
  onSend,
  defaultMomento = 'depois',
  label = 'Tirar foto',
  disabled = false,
  prepare = preparePhoto,
  locate = readPosition,
}: {
  osNumero: string;
  onSend: (photos: CapturedPhoto[]) => Promise<unknown>;
  defaultMomento?: PhotoMoment;
  label?: string;
  disabled?: boolean;
  prepare?: (file: File, stamp: PhotoStamp) => Promise<Blob>;
  locate?: () => Promise<GeoReading>;
}) {
  const inputId = useId();
  const galleryId = useId();
  const [busy, setBusy] = useState<'preparando' | 'enviando' | null>(null);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [prepared, setPrepared] = useState<Prepared[]>([]);
  const [momento, setMomento] = useState<PhotoMoment>(defaultMomento);
  const [error, setError] = useState<string | null>(null);
  const urls = useRef<string[]>([]);

  // Object URLs of the previews are released when they leave the screen and on unmount.
  useEffect(() => {
    const now = prepared.map((p) => p.url);
    for (const u of urls.current) if (!now.includes(u)) URL.revokeObjectURL(u);
    urls.current = now;
  }, [prepared]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    if (files.some((f) => !f.type.startsWith('image/'))) {
      setError(files.length > 1 ? 'Escolha só fotos (imagens).' : 'Escolha uma foto (imagem).');
      return;
    }
    setBusy('preparando');
    void loadPreview().catch(() => undefined);
    const ready: Prepared[] = [];
    try {
      // One at a time: shrinking several 12 MP photos at once runs a phone out of memory.
      for (const [i, file] of files.entries()) {
        setProgress({ done: i, of: files.length });
        const reading = await locate();
        const stamp: PhotoStamp = { osNumero, tiradaEm: reading.em, posicao: reading.posicao };
        const blob = await prepare(file, stamp);
        ready.push({ blob, url: URL.createObjectURL(blob), stamp, legenda: '' });
      }
      setPrepared(ready);
      setMomento(defaultMomento);
    } catch (e) {
      ready.forEach((p) => URL.revokeObjectURL(p.url));
      setError(e instanceof Error ? e.message : 'Não foi possível preparar a foto.');
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const send = async () => {
    if (prepared.length === 0) return;
    setBusy('enviando');
    setError(null);
    try {
      await onSend(
        prepared.map((p) => ({
          blob: p.blob,
          momento,
          legenda: p.legenda.trim(),
          meta: stampMetadata(p.stamp),
        })),
      );
      setPrepared([]);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível enviar a foto.');
    } finally {
      setBusy(null);
    }
  };

  if (prepared.length > 0) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Carregando" />}>
        <PhotoPreview
          photos={prepared.map((p) => ({
            url: p.url,
            withoutPosition: !p.stamp.posicao,
            legenda: p.legenda,
          }))}
          momento={momento}
          onMomento={setMomento}
          onLegenda={(i, legenda) =>
            setPrepared((list) => list.map((p, j) => (j === i ? { ...p, legenda } : p)))
          }
          onRemove={(i) => setPrepared((list) => list.filter((_, j) => j !== i))}
          error={error}
          busy={busy}
          onDiscard={() => setPrepared([])}
          onSend={() => void send()}
        />
      </Suspense>
    );
  }

  const off = disabled || busy !== null;
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.currentTarget.files ?? []);
    e.currentTarget.value = '';
    void onFiles(files);
  };
  return (
    <Stack gap={6}>
      <Button
        component="label"
        htmlFor={inputId}
        size="md"
        variant="light"
        fullWidth
        leftSection={busy ? <Loader size={18} /> : <IconCamera size={20} />}
        disabled={off}
      >
        {busy === 'preparando'
          ? progress && progress.of > 1
            ? `Preparando ${progress.done + 1} de ${progress.of}…`
            : 'Preparando a foto…'
          : label}
      </Button>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        disabled={off}
        data-testid="photo-input"
        onChange={pick}
      />
      {/* No `capture`: the phone opens its gallery (or files), where several are chosen. */}
      <Button
        component="label"
        htmlFor={galleryId}
        size="md"
        variant="subtle"
        fullWidth
        leftSection={<IconPhotoPlus size={20} />}
        disabled={off}
      >
        Escolher da galeria
      </Button>
      <input
        id={galleryId}
        type="file"
        accept="image/*"
        multiple
        hidden
        disabled={off}
        data-testid="photo-gallery-input"
        onChange={pick}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
