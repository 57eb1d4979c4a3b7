import type { Profile } from '@eproto/domain';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';

import { toastError } from '../../../lib/toast.ts';
import { useRemoveAvatar } from '../api/remove-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { AvatarCropper } from './avatar-cropper.tsx';

const MAX_SOURCE_MB = 25;

/** The profile picture with "Trocar foto" (crop to a square first) and "Remover". */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState(0);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const cancel = useCallback(() => setFile(null), []);

  const choose = (f: File | null) => {
    if (!f) return;
    if (!/^image\/(png|jpeg|webp|gif|bmp)$/.test(f.type)) {
      toastError('Escolha uma imagem PNG, JPEG ou WebP.');
      return;
    }
    if (f.size > MAX_SOURCE_MB * 1_048_576) {
      toastError(`Escolha uma imagem de até ${MAX_SOURCE_MB} MB.`);
      return;
    }
    setFile(f);
  };

  const src = profile.avatar ? `${profile.avatar}?v=${version}` : null;

  return (
    <Group gap="lg" wrap="wrap">
      <Avatar src={src} name={profile.nome} color="initials" size={96} radius={999} />
      <Stack gap="xs">
        <Group gap="xs">
          <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconCamera size={16} />}>
                Trocar foto
              </Button>
            )}
          </FileButton>
          {profile.avatar && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => remove.mutate()}
              loading={remove.isPending}
            >
              Remover
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          A foto é recortada em formato quadrado e aparece em todo o E-Proto.
        </Text>
      </Stack>
      <AvatarCropper
        file={file}
        onCancel={cancel}
        saving={upload.isPending}
        onCropped={(image) =>
          upload.mutate(image, {
            onSuccess: () => {
              setVersion(Date.now());
              setFile(null);
            },
          })
        }
      />
    </Group>
  );
}
