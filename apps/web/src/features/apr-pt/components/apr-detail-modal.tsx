import { type Apr, epiSizeShort } from '@eproto/domain';
import { Alert, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconDownload,
  IconEdit,
  IconSend,
  IconShieldPlus,
} from '@tabler/icons-react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { useApr } from '../api/get-apr.ts';
import { useSendApr } from '../api/send-apr.ts';
import { AprSignCard } from './apr-sign-card.tsx';
import { AprStatusBadge } from './status-badges.tsx';
import { aprContext } from '../utils/apr-context.ts';

function Signatures({ apr }: { apr: Apr }) {
  return (
    <Table withTableBorder striped fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Pessoa</Table.Th>
          <Table.Th>Assinatura</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {apr.equipe.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>{p.nome}</Table.Td>
            <Table.Td>
              {p.assinado_em ? (
                `Li e concordo — ${formatDateTime(p.assinado_em)}${p.latitude === null ? '' : ' (com posição)'}`
              ) : (
                <Text span c="dimmed" size="sm">
                  Pendente
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One APR: steps, EPIs and warnings, the team's signatures and what the reader may do. */
export function AprDetailModal({
  id,
  manager,
  onClose,
  onEdit,
  onIssuePt,
}: {
  id: number;
  manager: boolean;
  onClose: () => void;
  onEdit: (apr: Apr) => void;
  onIssuePt: (apr: Apr) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const { user } = useSession();
  const query = useApr(id);
  const send = useSendApr();
  const apr = query.data;
  return (
    <Modal opened onClose={onClose} title={`APR nº ${id}`} size="lg" fullScreen={phone}>
      {query.isPending ? (
        <ListLoading rows={4} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : apr ? (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={700}>{apr.atividade}</Text>
              <Text size="sm" c="dimmed">
                {aprContext(apr)}
              </Text>
              <Text size="xs" c="dimmed">
                Responsável: {apr.responsavel.nome}
              </Text>
            </div>
            <AprStatusBadge status={apr.status} />
          </Group>
          {apr.pode_assinar && user ? (
            <AprSignCard apr={apr} userId={user.id} />
          ) : (
            <List type="ordered" spacing={6} size="sm">
              {apr.etapas.map((e, i) => (
                <List.Item key={i}>
                  <Text size="sm" fw={600}>
                    {e.etapa}
                  </Text>
                  <Text size="sm">Perigos: {e.perigos}</Text>
                  <Text size="sm">Controles: {e.controles}</Text>
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm">
            <b>EPIs obrigatórios:</b>{' '}
            {apr.epis.length
              ? apr.epis.map((e) => `${e.nome} (${epiSizeShort(e.tamanho)})`).join(', ')
              : 'nenhum indicado'}
          </Text>
          {apr.avisos_epi.length > 0 && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="EPI não recebido">
              <List size="sm" spacing={2}>
                {apr.avisos_epi.map((a, i) => (
                  <List.Item key={i}>{a.texto}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Signatures apr={apr} />
          <Group gap="sm" justify="flex-end">
            <Button
              component="a"
              href={`/api/tatico/sst/aprs/${apr.id}/pdf`}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Baixar PDF
            </Button>
            {apr.pode_editar && (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => onEdit(apr)}
              >
                Editar
              </Button>
            )}
            {manager && apr.status === 'rascunho' && (
              <Button
                leftSection={<IconSend size={16} />}
                loading={send.isPending}
                onClick={() => send.mutate(apr.id)}
              >
                Enviar para assinatura
              </Button>
            )}
            {manager && apr.status !== 'rascunho' && (
              <Button leftSection={<IconShieldPlus size={16} />} onClick={() => onIssuePt(apr)}>
                Emitir PT
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
