import {
  ActionIcon,
  Alert,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconMailOff } from '@tabler/icons-react';

import { formatDateTime } from '../../../lib/dates.ts';
import { useInviteOutbox } from '../api/get-invite-outbox.ts';

/**
 * Without SMTP the e-mails stay in the outbox: ti can copy each invitation link and hand it
 * over another way. Hidden once SMTP is configured.
 */
export function InviteOutbox() {
  const outbox = useInviteOutbox(true);
  if (!outbox.data || outbox.data.smtp) return null;
  const items = outbox.data.items.slice(0, 10);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} fz="lg">
        Caixa de saída
      </Title>
      <Alert variant="light" color="yellow" icon={<IconMailOff size={18} />} mt="sm" mb="md">
        O envio por SMTP não está configurado: os convites ficam guardados aqui e no log do
        servidor. Copie o link e envie à pessoa por outro canal.
      </Alert>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum convite na caixa de saída.
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((m) => (
            <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {m.to}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(m.createdAt)}
                </Text>
              </div>
              {m.link && (
                <Group gap={4} wrap="nowrap">
                  <CopyButton value={m.link}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Link copiado' : 'Copiar link'}>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'gray'}
                          onClick={copy}
                          aria-label={`Copiar link do convite de ${m.to}`}
                        >
                          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                  <Tooltip label="Abrir link">
                    <ActionIcon
                      component="a"
                      href={m.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="subtle"
                      color="gray"
                      aria-label={`Abrir link do convite de ${m.to}`}
                    >
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
