import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS } from '@eproto/domain';
import {
  Anchor,
  Divider,
  Drawer,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
  Button,
} from '@mantine/core';
import { IconPaperclip, IconUpload } from '@tabler/icons-react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useRequest } from '../api/get-request.ts';
import { attachmentUrl, useUploadRequestAttachment } from '../api/upload-request-attachment.ts';
import { RequestActions } from './request-actions.tsx';
import { RequestStatusBadge, STATUS_COLOR, UrgencyBadge } from './request-badges.tsx';
import { contractLabel } from '../../../components/pickers/contract-label.ts';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const kb = (n: number) =>
  n < 1024 * 1024
    ? `${Math.max(1, Math.round(n / 1024))} KB`
    : `${(n / 1048576).toFixed(1).replace('.', ',')} MB`;

/** One request: data, the steps it can take, its history (who, when, comment) and attachments. */
export function RequestDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useRequest(id);
  const upload = useUploadRequestAttachment();
  const d = query.data;
  const r = d?.solicitacao;

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={r ? `Solicitação #${r.id}` : 'Solicitação'}
    >
      {query.isPending ? (
        <ListLoading rows={5} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        d &&
        r && (
          <Stack gap="md">
            <Group gap="xs">
              <RequestStatusBadge status={r.status} />
              <UrgencyBadge urgencia={r.urgencia} />
              <Text size="sm" fw={600}>
                {REQUEST_TYPE_LABELS[r.tipo]}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {r.descricao}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <div>
                <Text size="xs" c="dimmed">
                  Solicitante
                </Text>
                <Text size="sm">{r.solicitante.nome}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Contrato
                </Text>
                <Text size="sm">{r.contrato ? contractLabel(r.contrato) : 'Sem contrato'}</Text>
              </div>
              {r.valor !== null && (
                <div>
                  <Text size="xs" c="dimmed">
                    Valor
                  </Text>
                  <Text size="sm" fw={600}>
                    {money.format(r.valor)}
                  </Text>
                </div>
              )}
              <div>
                <Text size="xs" c="dimmed">
                  Aberta em
                </Text>
                <Text size="sm">{formatDateTime(r.created_at)}</Text>
              </div>
            </SimpleGrid>
            <RequestActions detail={d} />
            <Divider />
            <Title order={4}>Histórico</Title>
            <Timeline bulletSize={14} lineWidth={2} active={d.eventos.length}>
              {d.eventos.map((e) => (
                <Timeline.Item
                  key={e.id}
                  color={STATUS_COLOR[e.para]}
                  title={
                    <Text size="sm" fw={600}>
                      {REQUEST_STATUS_LABELS[e.para]}
                    </Text>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {e.usuario?.nome ?? 'Sistema'} · {formatDateTime(e.created_at)}
                  </Text>
                  {e.comentario && (
                    <Text size="sm" mt={2}>
                      “{e.comentario}”
                    </Text>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
            <Divider />
            <Group justify="space-between">
              <Title order={4}>Anexos</Title>
              <FileButton onChange={(file) => file && upload.mutate({ id: r.id, file })}>
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconUpload size={14} />}
                    loading={upload.isPending}
                  >
                    Anexar arquivo
                  </Button>
                )}
              </FileButton>
            </Group>
            {d.anexos.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhum anexo.
              </Text>
            ) : (
              <Stack gap={6}>
                {d.anexos.map((a) => (
                  <Group key={a.id} gap="xs" wrap="nowrap">
                    <IconPaperclip size={14} />
                    <Anchor href={attachmentUrl(r.id, a.id)} size="sm" truncate="end">
                      {a.nome}
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {kb(a.tamanho)} · {a.enviado_por?.nome ?? ''}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        )
      )}
    </Drawer>
  );
}
