import type { RequestDetail, RequestStatus } from '@eproto/domain';
import { REQUEST_ACTION_LABELS, transitionBody, textMaxLength } from '@eproto/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPackage, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { useTransitionRequest } from '../api/transition-request.ts';
import { Textarea } from '../../../components/text-fields.tsx';

const ICONS: Partial<Record<RequestStatus, React.ReactNode>> = {
  em_analise: <IconPlayerPlay size={16} />,
  aprovada: <IconCheck size={16} />,
  recusada: <IconX size={16} />,
  atendida: <IconPackage size={16} />,
};
const COLORS: Partial<Record<RequestStatus, string>> = {
  aprovada: 'teal',
  recusada: 'red',
  atendida: 'gray',
};

/** The workflow steps the caller may take now; each asks for a comment (required to refuse). */
export function RequestActions({ detail }: { detail: RequestDetail }) {
  const move = useTransitionRequest();
  const [target, setTarget] = useState<RequestStatus | null>(null);
  const [comentario, setComentario] = useState('');
  const id = detail.solicitacao.id;
  const own = detail.acoes.length === 0 && ['em_analise'].includes(detail.solicitacao.status);

  const confirm = () => {
    if (!target) return;
    move.mutate({ id, status: target, comentario: comentario.trim() || null });
    setTarget(null);
    setComentario('');
  };

  if (detail.acoes.length === 0) {
    return own ? (
      <Text size="sm" c="dimmed">
        Aguardando a decisão de outro gestor.
      </Text>
    ) : null;
  }

  return (
    <>
      <Group gap="xs">
        {detail.acoes.map((s) => (
          <Button
            key={s}
            variant={s === 'aprovada' ? 'filled' : 'light'}
            color={COLORS[s]}
            leftSection={ICONS[s]}
            onClick={() => setTarget(s)}
            loading={move.isPending}
          >
            {REQUEST_ACTION_LABELS[s]}
          </Button>
        ))}
      </Group>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? `${REQUEST_ACTION_LABELS[target]} a solicitação #${id}` : ''}
      >
        <Stack gap="sm">
          <Textarea
            label={target === 'recusada' ? 'Motivo da recusa' : 'Comentário (opcional)'}
            maxLength={textMaxLength(transitionBody, 'comentario')}
            required={target === 'recusada'}
            autosize
            minRows={3}
            value={comentario}
            onChange={(e) => setComentario(e.currentTarget.value)}
            data-autofocus
          />
          <Text size="xs" c="dimmed">
            {detail.solicitacao.solicitante.nome} recebe um aviso com o comentário.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setTarget(null)}>
              Cancelar
            </Button>
            <Button
              color={target ? COLORS[target] : undefined}
              onClick={confirm}
              disabled={target === 'recusada' && !comentario.trim()}
            >
              Confirmar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
