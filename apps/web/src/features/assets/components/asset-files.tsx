import { ASSET_FILE_MAX_BYTES, type AssetFile, type AssetFileEvent } from '@eproto/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCamera, IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useId, useState } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import {
  assetFileUrl,
  assetThumbUrl,
  useAssetFiles,
  useDeleteAssetFile,
  useUploadAssetFile,
} from '../api/asset-files.ts';
import { Section } from './asset-orders.tsx';

const when = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

// Shrinking a camera photo (browser-image-compression, the OS photos' code) loads with the
// first photo, not with the asset page.
const compress = (file: File) =>
  import('../../../lib/compress-photo.ts').then((m) => m.compressPhoto(file));

/** "foto.jpg" for a compressed camera photo whose name said .heic or .png. */
const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`;

function Uploader({ assetId }: { assetId: number }) {
  const cameraId = useId();
  const fileId = useId();
  const upload = useUploadAssetFile(assetId);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    try {
      let blob: Blob = file;
      let name = file.name;
      if (file.type.startsWith('image/')) {
        setBusy('Preparando a foto…');
        blob = await compress(file);
        name = jpegName(file.name);
      } else if (file.size > ASSET_FILE_MAX_BYTES) {
        throw new Error(
          `Arquivo grande demais: o limite é ${ASSET_FILE_MAX_BYTES / 1_048_576} MB por arquivo.`,
        );
      }
      setBusy('Enviando…');
      await upload.mutateAsync({
        file: blob,
        name,
        onProgress: (f) => setBusy(`Enviando… ${Math.round(f * 100)}%`),
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível enviar o arquivo.');
    } finally {
      setBusy(null);
    }
  };
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (file) void send(file);
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" grow preventGrowOverflow={false}>
        <Button
          component="label"
          htmlFor={cameraId}
          variant="light"
          leftSection={<IconCamera size={18} />}
          disabled={busy !== null}
          loading={busy !== null}
        >
          Tirar foto
        </Button>
        <Button
          component="label"
          htmlFor={fileId}
          variant="default"
          leftSection={<IconPaperclip size={18} />}
          disabled={busy !== null}
        >
          Anexar arquivo
        </Button>
      </Group>
      <input
        id={cameraId}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="asset-photo-input"
        onChange={pick}
      />
      <input
        id={fileId}
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        hidden
        data-testid="asset-file-input"
        onChange={pick}
      />
      {busy && (
        <Text size="sm" c="dimmed" role="status">
          {busy}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function confirmRemove(f: AssetFile, onConfirm: () => void) {
  modals.openConfirmModal({
    title: f.tipo === 'foto' ? 'Remover a foto' : 'Remover o documento',
    children: `${f.nome} sai do ativo. O histórico guarda quem removeu e quando.`,
    labels: { confirm: 'Remover', cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

function RemoveButton({ f, onRemove }: { f: AssetFile; onRemove: (f: AssetFile) => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={`Remover ${f.nome}`}
      onClick={() => confirmRemove(f, () => onRemove(f))}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
}

function Photos(props: { assetId: number; items: AssetFile[]; onRemove?: (f: AssetFile) => void }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs" data-testid="asset-photos">
      {props.items.map((f) => (
        <Paper key={f.id} withBorder p={4} radius="md">
          <Anchor href={assetFileUrl(props.assetId, f.id)} aria-label={`Baixar ${f.nome}`}>
            <Image
              src={assetThumbUrl(props.assetId, f.id)}
              alt={f.nome}
              h={120}
              fit="cover"
              radius="sm"
            />
          </Anchor>
          <Group justify="space-between" gap={4} wrap="nowrap" mt={4}>
            <Text size="xs" c="dimmed" truncate>
              {dayjs(f.enviado_em).format('DD/MM/YYYY')}
            </Text>
            {props.onRemove && <RemoveButton f={f} onRemove={props.onRemove} />}
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Documents(props: {
  assetId: number;
  items: AssetFile[];
  onRemove?: (f: AssetFile) => void;
}) {
  return (
    <Stack gap="xs" data-testid="asset-documents">
      {props.items.map((f) => (
        <Paper key={f.id} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileTypePdf size={28} aria-hidden />
              <div style={{ minWidth: 0 }}>
                <Anchor href={assetFileUrl(props.assetId, f.id)} fw={500} size="sm">
                  <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                    {f.nome}
                  </Text>
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatBytes(f.tamanho)} · {when(f.enviado_em)}
                </Text>
              </div>
            </Group>
            {props.onRemove && <RemoveButton f={f} onRemove={props.onRemove} />}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function eventText(e: AssetFileEvent): string {
  const what = e.tipo === 'foto' ? 'Foto' : 'Documento';
  const verb =
    e.acao === 'adicionado'
      ? e.tipo === 'foto'
        ? 'adicionada'
        : 'adicionado'
      : e.tipo === 'foto'
        ? 'removida'
        : 'removido';
  return `${what} ${e.nome} ${verb}${e.quem ? ` por ${e.quem.nome}` : ''} em ${when(e.quando)}`;
}

function History({ events }: { events: AssetFileEvent[] }) {
  const [open, setOpen] = useState(false);
  if (events.length === 0) return null;
  return (
    <Stack gap={4}>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen((o) => !o)}>
        {open ? 'Ocultar histórico de arquivos' : `Histórico de arquivos (${events.length})`}
      </Anchor>
      {open && (
        <Stack gap={2} data-testid="asset-files-history">
          {events.map((e) => (
            <Text key={`${e.acao}-${e.arquivo_id}`} size="sm" c="dimmed">
              {eventText(e)}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Photos (thumbnails) and documents (name, size) of an asset, with upload for gestão. */
export function AssetFilesSection({ assetId }: { assetId: number }) {
  const query = useAssetFiles(assetId);
  const remove = useDeleteAssetFile(assetId);
  if (query.isPending) return <ListLoading rows={1} height={120} />;
  if (query.isError) {
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { items, historico, pode_editar } = query.data;
  const photos = items.filter((f) => f.tipo === 'foto');
  const docs = items.filter((f) => f.tipo === 'documento');
  const onRemove = pode_editar ? (f: AssetFile) => remove.mutate(f) : undefined;
  return (
    <Section title="Fotos e documentos" count={items.length} empty={false} testId="asset-files">
      {pode_editar && <Uploader assetId={assetId} />}
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {pode_editar
            ? 'Nenhuma foto ou documento ainda. Tire uma foto da placa ou anexe o manual em PDF.'
            : 'Nenhuma foto ou documento deste ativo.'}
        </Text>
      )}
      {photos.length > 0 && <Photos assetId={assetId} items={photos} onRemove={onRemove} />}
      {docs.length > 0 && <Documents assetId={assetId} items={docs} onRemove={onRemove} />}
      <History events={historico} />
    </Section>
  );
}
