import '../../../lib/zod-locale.ts';

import type { RequestDetail, RequestStatus } from '@eproto/domain';
import { REQUEST_ACTION_LABELS, transitionBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPackage, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

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

/**
 * The workflow steps the caller may take now; each asks for a comment, checked by the domain's
 * transitionBody (a refusal needs its reason).
 */
export function RequestActions({ detail }: { detail: RequestDetail }) {
  const move = useTransitionRequest();
  const [target, setTarget] = useState<RequestStatus | null>(null);
  const form = useForm({
    resolver: zodResolver(transitionBody),
    defaultValues: { status: 'em_analise' as RequestStatus, comentario: '' },
  });
  const id = detail.solicitacao.id;
  const own = detail.acoes.length === 0 && ['em_analise'].includes(detail.solicitacao.status);

  const open = (status: RequestStatus) => {
    form.reset({ status, comentario: '' });
    setTarget(status);
  };
  const confirm = form.handleSubmit((body) => {
    move.mutate({ id, ...body });
    setTarget(null);
  });

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
        {detail.acoes.map((acao) => (
          <Button
            key={acao}
            variant={acao === 'aprovada' ? 'filled' : 'light'}
            color={COLORS[acao]}
            leftSection={ICONS[acao]}
            onClick={() => open(acao)}
            loading={move.isPending}
          >
            {REQUEST_ACTION_LABELS[acao]}
          </Button>
        ))}
      </Group>
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? `${REQUEST_ACTION_LABELS[target]} a solicitação #${id}` : ''}
      >
        <form noValidate onSubmit={(e) => void confirm(e)}>
          <Stack gap="sm">
            <Textarea
              label={target === 'recusada' ? 'Motivo da recusa' : 'Comentário (opcional)'}
              maxLength={textMaxLength(transitionBody, 'comentario')}
              required={target === 'recusada'}
              autosize
              minRows={3}
              {...form.register('comentario')}
              error={form.formState.errors.comentario?.message}
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              {detail.solicitacao.solicitante.nome} recebe um aviso com o comentário.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setTarget(null)}>
                Cancelar
              </Button>
              <Button type="submit" color={target ? COLORS[target] : undefined}>
                Confirmar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
