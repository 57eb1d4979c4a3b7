import type { EpiDelivery, ReplacementReason } from '@eproto/domain';
import {
  epiSizeShort,
  REPLACEMENT_REASON_LABELS,
  REPLACEMENT_DETAILS_MAX,
  REPLACEMENT_REASONS,
} from '@eproto/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { useRequestReplacement } from '../api/request-replacement.ts';
import { Textarea } from '../../../components/text-fields.tsx';

/** Equipe asks to replace an EPI they hold: opens a solicitação of type EPI. */
export function ReplacementModal({
  delivery,
  onClose,
}: {
  delivery: EpiDelivery | null;
  onClose: () => void;
}) {
  const ask = useRequestReplacement();
  const [motivo, setMotivo] = useState<ReplacementReason>('desgaste');
  const [descricao, setDescricao] = useState('');
  useEffect(() => {
    setMotivo(delivery?.troca_situacao ? 'vencimento' : 'desgaste');
    setDescricao('');
  }, [delivery]);

  return (
    <Modal opened={delivery !== null} onClose={onClose} title="Solicitar troca de EPI">
      {delivery && (
        <Stack gap="sm">
          <Text size="sm">
            {delivery.quantidade} × {delivery.item.nome} ({epiSizeShort(delivery.item.tamanho)})
          </Text>
          <Select
            label="Motivo"
            data={REPLACEMENT_REASONS.map((r) => ({
              value: r,
              label: REPLACEMENT_REASON_LABELS[r],
            }))}
            value={motivo}
            onChange={(v) => v && setMotivo(v)}
            allowDeselect={false}
          />
          <Textarea
            label="Detalhes (opcional)"
            maxLength={REPLACEMENT_DETAILS_MAX}
            placeholder="O que aconteceu com o EPI?"
            autosize
            minRows={2}
            value={descricao}
            onChange={(e) => setDescricao(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              loading={ask.isPending}
              onClick={() =>
                ask.mutate(
                  {
                    id: delivery.id,
                    nome: delivery.item.nome,
                    motivo,
                    descricao: descricao.trim() || null,
                  },
                  { onSuccess: onClose },
                )
              }
            >
              Enviar solicitação
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
