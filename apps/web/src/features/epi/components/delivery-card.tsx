import type { EpiDelivery } from '@eproto/domain';
import { DELIVERY_REASON_LABELS, epiSize } from '@eproto/domain';
import { Button } from '@mantine/core';
import { IconCheck, IconRefresh } from '@tabler/icons-react';
import { memo } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { PlainBadge } from '../../../components/plain-badge.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { QueuedReplacement } from '../api/request-replacement.ts';
import { DeliveryStatusBadge } from './epi-labels.tsx';
import classes from './delivery-card.module.css';

/**
 * One delivery of "Meus EPIs": the item, its status, when and why it was delivered, the
 * replacement date, and "Confirmar recebimento" or "Solicitar troca". Plain markup but for the
 * buttons (delivery-card.module.css), and memoised on plain values: drawn again when its
 * delivery, its queued replacement or its confirmation changes, not at every answer of the page
 * (the requests, the outbox's first load, a refetch) as before (issue 33).
 */
export const DeliveryCard = memo(function DeliveryCard({
  d,
  queued,
  confirming,
  onConfirm,
  onReplace,
}: {
  d: EpiDelivery;
  /** A replacement asked on the phone and not yet on the server (or refused by it). */
  queued: QueuedReplacement;
  /** Its "Confirmar recebimento" is on its way. */
  confirming: boolean;
  onConfirm: (d: EpiDelivery) => void;
  onReplace: (d: EpiDelivery) => void;
}) {
  return (
    <div className={classes.card}>
      <div className={classes.head}>
        <div>
          <p className={classes.name}>
            {d.quantidade > 1 ? `${d.quantidade} × ` : ''}
            {d.item.nome}
          </p>
          <p className={`${classes.xs} ${classes.dimmed}`}>
            Tamanho {epiSize(d.item.tamanho)} · CA {d.item.ca_numero}
          </p>
        </div>
        <DeliveryStatusBadge status={d.status} />
      </div>
      <p className={classes.sm} style={{ marginTop: 6 }}>
        Entregue em {formatDate(d.data)} ({DELIVERY_REASON_LABELS[d.motivo].toLowerCase()})
        {d.entregue_por ? ` por ${d.entregue_por.nome}` : ''}
      </p>
      {d.status !== 'devolvida' && (
        <div className={classes.row} style={{ gap: 6, marginTop: 4 }}>
          <p className={`${classes.sm} ${classes.dimmed}`}>
            Troca prevista: {formatDate(d.troca_prevista)}
          </p>
          {d.troca_situacao && (
            <PlainBadge
              size="sm"
              radius="xl"
              color={d.troca_situacao === 'vencido' ? 'red' : 'yellow'}
            >
              {d.troca_situacao === 'vencido' ? 'Trocar' : 'Em breve'}
            </PlainBadge>
          )}
        </div>
      )}
      {d.status === 'pendente' && (
        <Button
          fullWidth
          mt="sm"
          size="md"
          leftSection={<IconCheck size={18} />}
          loading={confirming}
          onClick={() => onConfirm(d)}
        >
          Confirmar recebimento
        </Button>
      )}
      {d.status === 'confirmada' &&
        (d.substituicao_solicitada || queued === 'waiting' ? (
          <div
            className={classes.row}
            style={{ gap: 'var(--mantine-spacing-xs)', marginTop: 'var(--mantine-spacing-sm)' }}
            data-testid="epi-replacement-asked"
          >
            <p className={`${classes.sm} ${classes.dimmed}`}>
              Troca solicitada — aguardando atendimento.
            </p>
            {queued !== 'none' && <PendingBadge attention={queued === 'attention'} />}
          </div>
        ) : (
          <Button
            fullWidth
            mt="sm"
            variant="light"
            leftSection={<IconRefresh size={18} />}
            onClick={() => onReplace(d)}
          >
            Solicitar troca
          </Button>
        ))}
    </div>
  );
});
