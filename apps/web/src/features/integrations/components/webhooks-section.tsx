import { WEBHOOK_EVENT_LABELS, WEBHOOKS_MAX, type Webhook } from '@eproto/domain';
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconInfoCircle,
  IconKey,
  IconList,
  IconPencil,
  IconPlus,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useState } from 'react';

import { CopyField } from '../../../components/copy-field.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { useRemoveWebhook } from '../api/remove-webhook.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSaveWebhook } from '../api/save-webhook.ts';
import { IntegrationSection } from './integration-section.tsx';
import { WebhookDeliveriesModal } from './webhook-deliveries-modal.tsx';
import { WebhookFormModal } from './webhook-form-modal.tsx';

/** The whole secret, right after it was made: the only time it is shown. */
function SecretOnce({ segredo, onDone }: { segredo: string; onDone: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title="Segredo do webhook"
      withCloseButton
      closeButtonLabel="Já copiei"
      onClose={onDone}
    >
      <Stack gap="xs">
        <Text size="sm">
          Copie agora: por segurança ele só é mostrado desta vez. O receptor o usa para conferir a
          assinatura (cabeçalho X-EProto-Assinatura).
        </Text>
        <CopyField ariaLabel="Segredo" value={segredo} monospace />
      </Stack>
    </Alert>
  );
}

function WebhookCard({
  w,
  onEdit,
  onLog,
  onSecret,
}: {
  w: Webhook;
  onEdit: () => void;
  onLog: () => void;
  onSecret: (segredo: string) => void;
}) {
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const toggle = (ativo: boolean) =>
    save.mutate(
      { id: w.id, body: { ativo } },
      {
        onSuccess: () => toastSuccess(ativo ? 'Webhook ativado.' : 'Webhook desativado.'),
        onError: (error) => toastError(error.message),
      },
    );
  const confirmOff = () =>
    modals.openConfirmModal({
      title: 'Desativar webhook',
      children:
        'Ele deixa de receber eventos novos; as entregas que ainda esperam envio terminam como "Falhou" e podem ser reenviadas depois de reativar.',
      labels: { confirm: 'Desativar', cancel: 'Cancelar' },
      confirmProps: { color: 'orange' },
      onConfirm: () => toggle(false),
    });
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Excluir webhook',
      children: `O endereço ${w.url} deixa de receber eventos e o registro de entregas dele é apagado. Não dá para desfazer.`,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(w.id),
    });
  const confirmRotate = () =>
    modals.openConfirmModal({
      title: 'Gerar novo segredo',
      children:
        'O segredo atual deixa de valer na hora: as próximas entregas já saem assinadas com o novo. Atualize o receptor logo em seguida.',
      labels: { confirm: 'Gerar novo segredo', cancel: 'Cancelar' },
      onConfirm: () => rotate.mutate(w.id, { onSuccess: (r) => onSecret(r.segredo) }),
    });

  return (
    <Card withBorder radius="md" p="sm" data-testid="webhook-card" aria-label={w.url}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {w.url}
          </Text>
          <Switch
            aria-label="Ativo"
            label={w.ativo ? 'Ativo' : 'Inativo'}
            checked={w.ativo}
            disabled={save.isPending}
            onChange={(e) => (e.currentTarget.checked ? toggle(true) : confirmOff())}
            style={{ flexShrink: 0 }}
          />
        </Group>
        <Group gap={6} wrap="wrap">
          {w.eventos.map((e) => (
            <Badge key={e} variant="light" color="gray" tt="none">
              {WEBHOOK_EVENT_LABELS[e]}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          Segredo terminado em …{w.segredo_final} ·{' '}
          {w.ultima_entrega_em
            ? `última entrega em ${formatDateTime(w.ultima_entrega_em)}`
            : 'nenhuma entrega enviada ainda'}
          {w.falhas > 0 && (
            <Text span c="red" size="xs" fw={600}>
              {' '}
              · {w.falhas === 1 ? '1 entrega com falha' : `${w.falhas} entregas com falha`}
            </Text>
          )}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" leftSection={<IconList size={14} />} onClick={onLog}>
            Entregas
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
          >
            Editar
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={14} />}
            loading={rotate.isPending}
            onClick={confirmRotate}
          >
            Novo segredo
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={confirmRemove}
          >
            Excluir
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Signed webhooks: ti registers endpoints, picks events, reads each one's delivery log. */
export function WebhooksSection() {
  const query = useWebhooks();
  const [editing, setEditing] = useState<Webhook | null | 'new'>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const items = query.data;
  const full = (items?.length ?? 0) >= WEBHOOKS_MAX;

  return (
    <IntegrationSection
      icon={<IconWebhook size={20} />}
      title="Webhooks"
      description="Avisa outros sistemas quando algo acontece no E-Proto: um POST JSON assinado com HMAC-SHA256, com novas tentativas por 24 h (docs/operations.md)."
      actions={
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing('new')}
          disabled={!items || full}
          title={full ? `No máximo ${WEBHOOKS_MAX} webhooks.` : undefined}
        >
          Novo webhook
        </Button>
      }
    >
      {secret && <SecretOnce segredo={secret} onDone={() => setSecret(null)} />}
      {query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !items ? (
        <ListLoading rows={2} height={96} />
      ) : items.length === 0 ? (
        <ListEmpty
          icon={<IconWebhook size={24} />}
          title="Nenhum webhook cadastrado"
          hint="Cadastre o endereço de um sistema da empresa e escolha os eventos que ele recebe."
        />
      ) : (
        <Stack gap="sm">
          {items.map((w) => (
            <WebhookCard
              key={w.id}
              w={w}
              onEdit={() => setEditing(w)}
              onLog={() => setLog(w)}
              onSecret={setSecret}
            />
          ))}
        </Stack>
      )}
      <WebhookFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        webhook={editing === 'new' ? null : editing}
        onCreated={(c) => setSecret(c.segredo)}
      />
      {log && <WebhookDeliveriesModal webhook={log} onClose={() => setLog(null)} />}
    </IntegrationSection>
  );
}
