import { osConcludeBody, textMaxLength, type OsDetail } from '@eproto/domain';
import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

import { toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { readPosition } from '../hooks/use-geolocation.ts';
import type { CustomerSignatureInput } from './customer-signature-step.tsx';
import { CustomerSignatureStep } from './customer-signature-step.tsx';
import { MissingItems } from './missing-items.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

/**
 * Check-out: observations and the customer's signature (or refusal). Required checklist items
 * missing block it with the list; concluding seals the OS.
 */
export function ConcludeModal({
  os,
  opened,
  onClose,
}: {
  os: OsDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const step = useOsStepMutation(os.id);
  const [observacoes, setObservacoes] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: CustomerSignatureInput) => {
    setError(null);
    const reading = await readPosition();
    const common = {
      avaliacao: v.avaliacao,
      comentario: v.comentario || null,
      observacoes: observacoes.trim() || null,
      latitude: reading.posicao?.latitude ?? null,
      longitude: reading.posicao?.longitude ?? null,
      precisao_m: reading.posicao?.precisao_m ?? null,
      device_time: reading.em.toISOString(),
    };
    try {
      const r = await step.mutateAsync({
        tipo: 'concluir',
        body: v.recusa
          ? {
              tipo: 'recusada',
              cliente_nome: v.nome || null,
              recusa_motivo: v.motivo,
              ...common,
            }
          : {
              tipo: 'assinada',
              cliente_nome: v.nome,
              cliente_cpf: v.cpf,
              assinatura: v.assinatura.png,
              assinatura_tracos: v.assinatura.tracos,
              assinatura_local: v.assinatura.local,
              ...common,
            },
      });
      if (r.status === 'sent') toastSuccess(`${os.codigo} concluída e selada.`);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível concluir.');
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Concluir ${os.codigo}`}
      fullScreen={phone}
      size="lg"
      centered
    >
      {os.pendencias.length > 0 ? (
        <Stack gap="sm">
          <MissingItems items={os.pendencias} />
          <Text size="sm" c="dimmed">
            Responda os itens obrigatórios do checklist para concluir.
          </Text>
        </Stack>
      ) : (
        <Stack gap="md">
          <Textarea
            label="Observações do serviço (opcional)"
            size="md"
            autosize
            minRows={2}
            maxLength={textMaxLength(osConcludeBody, 'observacoes')}
            value={observacoes}
            onChange={(e) => setObservacoes(e.currentTarget.value)}
          />
          <Text fw={600}>Aceite do cliente</Text>
          <CustomerSignatureStep
            onSubmit={(v) => void submit(v)}
            submitting={step.isPending}
            serverError={error}
          />
        </Stack>
      )}
    </Modal>
  );
}
