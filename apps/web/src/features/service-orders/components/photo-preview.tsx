import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconMapPinOff, IconSend, IconTrash, IconX } from '@tabler/icons-react';

import { NO_POSITION } from '../utils/photo-stamp.ts';
import { LEGENDA_MAX, type PhotoMoment } from './photo-moment.ts';
import { TextInput } from '../../../components/text-fields.tsx';

interface PreviewPhoto {
  url: string;
  withoutPosition: boolean;
  legenda: string;
}

interface PhotoPreviewProps {
  photos: PreviewPhoto[];
  momento: PhotoMoment;
  onMomento: (m: PhotoMoment) => void;
  onLegenda: (index: number, text: string) => void;
  onRemove: (index: number) => void;
  error: string | null;
  busy: 'preparando' | 'enviando' | null;
  onDiscard: () => void;
  onSend: () => void;
}

function NoPosition() {
  return (
    <Text size="sm" c="orange" role="status">
      <IconMapPinOff size={14} style={{ verticalAlign: -2 }} /> Sem GPS: {NO_POSITION}.
    </Text>
  );
}

/**
 * The stamped photos before they are sent: one before/after tag for all, a caption for each,
 * remove one (of several), discard or send. One photo shows large, several as a list.
 */
export default function PhotoPreview(p: PhotoPreviewProps) {
  const n = p.photos.length;
  const many = n > 1;
  return (
    <Stack gap="sm" data-testid="photo-preview">
      {many && (
        <Text fw={600} size="sm">
          {n} fotos escolhidas
        </Text>
      )}
      {p.photos.map((photo, i) =>
        many ? (
          <Card
            key={photo.url}
            withBorder
            radius="md"
            padding="xs"
            data-testid="photo-preview-item"
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>
                  Foto {i + 1} de {n}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`Tirar a foto ${i + 1} do envio`}
                  onClick={() => p.onRemove(i)}
                  disabled={p.busy !== null}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
              <Image
                src={photo.url}
                alt={`Foto ${i + 1} carimbada`}
                radius="sm"
                mah={200}
                fit="contain"
              />
              {photo.withoutPosition && <NoPosition />}
              <TextInput
                label={`Legenda da foto ${i + 1}`}
                placeholder="O que a foto mostra (opcional)"
                value={photo.legenda}
                maxLength={LEGENDA_MAX}
                onChange={(e) => p.onLegenda(i, e.currentTarget.value)}
                size="md"
              />
            </Stack>
          </Card>
        ) : (
          <Stack key={photo.url} gap="sm">
            <Image src={photo.url} alt="Foto carimbada" radius="md" mah={320} fit="contain" />
            {photo.withoutPosition && <NoPosition />}
          </Stack>
        ),
      )}
      <SegmentedControl
        aria-label={many ? 'Momento das fotos' : 'Momento da foto'}
        fullWidth
        size="md"
        value={p.momento}
        onChange={p.onMomento}
        data={[
          { value: 'antes', label: 'Antes' },
          { value: 'depois', label: 'Depois' },
        ]}
      />
      {!many && p.photos[0] && (
        <TextInput
          label="Legenda"
          placeholder="O que a foto mostra (opcional)"
          value={p.photos[0].legenda}
          maxLength={LEGENDA_MAX}
          onChange={(e) => p.onLegenda(0, e.currentTarget.value)}
          size="md"
        />
      )}
      {p.error && (
        <Alert color="red" role="alert">
          {p.error}
        </Alert>
      )}
      {/* Several: "Descartar todas" and "Enviar 3 fotos" side by side do not fit a phone. */}
      <Group
        grow={!many}
        gap="sm"
        style={many ? { flexDirection: 'column-reverse', alignItems: 'stretch' } : undefined}
      >
        <Button
          variant="default"
          size="md"
          leftSection={<IconTrash size={18} />}
          onClick={p.onDiscard}
          disabled={p.busy !== null}
        >
          {many ? 'Descartar todas' : 'Descartar'}
        </Button>
        <Button
          size="md"
          leftSection={<IconSend size={18} />}
          onClick={p.onSend}
          loading={p.busy === 'enviando'}
        >
          {many ? `Enviar ${n} fotos` : 'Enviar foto'}
        </Button>
      </Group>
    </Stack>
  );
}
