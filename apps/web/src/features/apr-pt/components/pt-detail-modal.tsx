import '../../../lib/zod-locale.ts';

import {
  PT_STATUS_LABELS,
  type Pt,
  ptCloseBody,
  ptDecisionBody,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Modal, Stack, Text, Timeline } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconDownload, IconEdit, IconLock, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldError,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useClosePt } from '../api/close-pt.ts';
import { useDecidePt } from '../api/decide-pt.ts';
import { usePt } from '../api/get-pt.ts';
import { shiftLabel } from '../utils/shift.ts';
import { PtStatusBadge, PtTypeBadge } from './status-badges.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

type Pending = 'aprovar' | 'recusar' | 'encerrar' | null;

interface Values {
  /** What the comment is for (set when a button opens it). */
  acao: Pending;
  comentario: string;
}

type Out = { acao: Pending; comentario: string | null };

/**
 * The comment is checked by the body it goes in: the domain's ptDecisionBody (a refusal needs
 * its reason) or, to close, ptCloseBody (its `observacao`).
 */
const resolver: Resolver<Values, unknown, Out> = async ({ acao, comentario }, ctx, opts) => {
  const refused = (error: FieldError | undefined): ResolverResult<Values, Out> | null =>
    error ? { values: {}, errors: { comentario: error } } : null;
  if (acao === 'encerrar') {
    const r = await zodResolver(ptCloseBody)({ observacao: comentario }, ctx, opts as never);
    return (
      refused(r.errors.observacao) ?? {
        values: { acao, comentario: r.values.observacao ?? null },
        errors: {},
      }
    );
  }
  const decisao = acao === 'recusar' ? 'recusar' : 'aprovar';
  const r = await zodResolver(ptDecisionBody)({ decisao, comentario }, ctx, opts as never);
  return (
    refused(r.errors.comentario) ?? {
      values: { acao, comentario: r.values.comentario ?? null },
      errors: {},
    }
  );
};

function Actions({ pt, onEdit }: { pt: Pt; onEdit: (pt: Pt) => void }) {
  const decide = useDecidePt();
  const close = useClosePt();
  const [pending, setPending] = useState<Pending>(null);
  const form = useForm<Values, unknown, Out>({
    resolver,
    defaultValues: { acao: null, comentario: '' },
  });
  const text = useWatch({ control: form.control, name: 'comentario' });
  const busy = decide.isPending || close.isPending;
  const start = (next: Pending) => {
    form.reset({ acao: next, comentario: '' });
    setPending(next);
  };
  const confirm = form.handleSubmit(({ comentario }) => {
    const done = { onSuccess: () => setPending(null) };
    if (pending === 'encerrar') close.mutate({ id: pt.id, observacao: comentario }, done);
    else if (pending) decide.mutate({ id: pt.id, decisao: pending, comentario }, done);
  });
  if (pending) {
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm(e);
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={
              pending === 'recusar'
                ? 'Motivo da recusa'
                : pending === 'encerrar'
                  ? 'Observação de encerramento'
                  : 'Comentário (opcional)'
            }
            required={pending === 'recusar'}
            maxLength={
              pending === 'encerrar'
                ? textMaxLength(ptCloseBody, 'observacao')
                : textMaxLength(ptDecisionBody, 'comentario')
            }
            autosize
            minRows={2}
            {...form.register('comentario')}
            error={form.formState.errors.comentario?.message}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancelar
            </Button>
            <Button
              type="submit"
              color={pending === 'recusar' ? 'red' : undefined}
              loading={busy}
              disabled={pending === 'recusar' && !text.trim()}
            >
              {pending === 'aprovar'
                ? 'Confirmar aprovação'
                : pending === 'recusar'
                  ? 'Confirmar recusa'
                  : 'Encerrar PT'}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <Group gap="sm" justify="flex-end">
      <Button
        component="a"
        href={`/api/tatico/sst/pts/${pt.id}/pdf`}
        download
        variant="default"
        leftSection={<IconDownload size={16} />}
      >
        Baixar PDF
      </Button>
      {pt.acoes.includes('editar') && (
        <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => onEdit(pt)}>
          Editar
        </Button>
      )}
      {pt.acoes.includes('recusar') && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          onClick={() => start('recusar')}
        >
          Recusar
        </Button>
      )}
      {pt.acoes.includes('aprovar') && (
        <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => start('aprovar')}>
          Aprovar
        </Button>
      )}
      {pt.acoes.includes('encerrar') && (
        <Button leftSection={<IconLock size={16} />} onClick={() => start('encerrar')}>
          Encerrar
        </Button>
      )}
    </Group>
  );
}

/** One PT: shift, APR, measures, team, decision and history; approve/refuse/close for who may. */
export function PtDetailModal({
  id,
  onClose,
  onEdit,
}: {
  id: number;
  onClose: () => void;
  onEdit: (pt: Pt) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const query = usePt(id);
  const pt = query.data;
  return (
    <Modal opened onClose={onClose} title={`PT nº ${id}`} size="lg" fullScreen={phone}>
      {query.isPending ? (
        <ListLoading rows={4} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : pt ? (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="xs">
            <PtTypeBadge tipo={pt.tipo} />
            <PtStatusBadge status={pt.status} vigente={pt.vigente} />
          </Group>
          <div>
            <Text fw={700}>{pt.apr.atividade}</Text>
            <Text size="sm" c="dimmed">
              {[pt.os?.codigo, pt.local].filter(Boolean).join(' — ')}
            </Text>
          </div>
          <Text size="sm">
            <b>Turno:</b> {shiftLabel(pt.inicio, pt.fim)}
          </Text>
          <Text size="sm">
            <b>APR:</b> nº {pt.apr.id} (
            {pt.apr.status === 'assinada' ? 'assinada pela equipe' : 'assinaturas pendentes'})
          </Text>
          <Text size="sm">
            <b>Responsável:</b> {pt.responsavel.nome}
            {pt.aprovador
              ? ` — ${pt.status === 'recusada' ? 'recusada' : 'aprovada'} por ${pt.aprovador.nome}`
              : ''}
          </Text>
          <div>
            <Text size="sm" fw={600}>
              Medidas de segurança
            </Text>
            <List size="sm" spacing={2}>
              {pt.medidas.map((m, i) => (
                <List.Item key={i}>{m}</List.Item>
              ))}
            </List>
          </div>
          <Text size="sm">
            <b>Equipe:</b> {pt.equipe.map((p) => p.nome).join(', ')}
          </Text>
          {pt.observacoes && <Text size="sm">Observações: {pt.observacoes}</Text>}
          <Timeline bulletSize={14} lineWidth={2} active={pt.eventos.length}>
            {pt.eventos.map((e, i) => (
              <Timeline.Item key={i} title={PT_STATUS_LABELS[e.para]}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.em)} — {e.por?.nome ?? 'automático'}
                </Text>
                {e.comentario && <Text size="xs">{e.comentario}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
          <Actions pt={pt} onEdit={onEdit} />
        </Stack>
      ) : null}
    </Modal>
  );
}
