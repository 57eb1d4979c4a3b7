import { formatDateBr, type CreatedApiToken } from '@eproto/domain';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';

import { CopyField } from '../../../components/copy-field.tsx';

/**
 * The token, once: right after "Criar token". The server keeps only its SHA-256, so closing
 * this dialog is the last time anyone sees it.
 */
export function ApiTokenCreatedModal({
  created,
  onClose,
}: {
  created: CreatedApiToken | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const token = created?.token ?? '';
  const item = created?.item;
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Token criado"
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {item && (
        <Stack gap="md">
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Copie o token agora"
          >
            Ele não será mostrado de novo: o E-Proto guarda só uma impressão (hash) dele. Guarde-o
            no cofre de senhas do sistema que vai usá-lo. Se ele se perder, revogue-o e crie outro.
          </Alert>
          <Text size="sm">
            &ldquo;{item.nome}&rdquo; age em nome de <b>{item.usuario.nome}</b>{' '}
            {item.expira_em
              ? `até ${formatDateBr(item.expira_em)}`
              : 'sem data de validade, até ser revogado'}
            .
          </Text>
          <CopyField label="Token" value={token} monospace />
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Como usar
            </Text>
            <Text size="sm" c="dimmed">
              Envie o token no cabeçalho Authorization de cada chamada à API (sem cookie). Por
              exemplo, para conferir em nome de quem ele age:
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {`curl -H "Authorization: Bearer ${item.prefixo}" ${window.location.origin}/api/users/me`}
            </Code>
            <Text size="sm" c="dimmed">
              Os endereços de cada área estão na documentação da API, em /api/docs.
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>Já copiei, fechar</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
