import {
  Alert,
  Button,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMapPinOff, IconSend, IconTrash } from '@tabler/icons-react';

import { NO_POSITION } from '../utils/photo-stamp.ts';
import { LEGENDA_MAX, type PhotoMoment } from './photo-moment.ts';

interface PhotoPreviewProps {
  url: string;
  withoutPosition: boolean;
  momento: PhotoMoment;
  onMomento: (m: PhotoMoment) => void;
  legenda: string;
  onLegenda: (text: string) => void;
  error: string | null;
  busy: 'preparando' | 'enviando' | null;
  onDiscard: () => void;
  onSend: () => void;
}

/** The stamped photo before it is sent: before/after tag, caption, discard or send. */
export default function PhotoPreview(p: PhotoPreviewProps) {
  return (
    <Stack gap="sm" data-testid="photo-preview">
      <Image src={p.url} alt="Foto carimbada" radius="md" mah={320} fit="contain" />
      {p.withoutPosition && (
        <Text size="sm" c="orange" role="status">
          <IconMapPinOff size={14} style={{ verticalAlign: -2 }} /> Sem GPS: {NO_POSITION}.
        </Text>
      )}
      <SegmentedControl
        aria-label="Momento da foto"
        fullWidth
        size="md"
        value={p.momento}
        onChange={p.onMomento}
        data={[
          { value: 'antes', label: 'Antes' },
          { value: 'depois', label: 'Depois' },
        ]}
      />
      <TextInput
        label="Legenda"
        placeholder="O que a foto mostra (opcional)"
        value={p.legenda}
        maxLength={LEGENDA_MAX}
        onChange={(e) => p.onLegenda(e.currentTarget.value)}
        size="md"
      />
      {p.error && (
        <Alert color="red" role="alert">
          {p.error}
        </Alert>
      )}
      <Group grow>
        <Button
          variant="default"
          size="md"
          leftSection={<IconTrash size={18} />}
          onClick={p.onDiscard}
          disabled={p.busy !== null}
        >
          Descartar
        </Button>
        <Button
          size="md"
          leftSection={<IconSend size={18} />}
          onClick={p.onSend}
          loading={p.busy === 'enviando'}
        >
          Enviar foto
        </Button>
      </Group>
    </Stack>
  );
}
