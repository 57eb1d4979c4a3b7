import type { EpiDelivery } from '@eproto/domain';
import { DELIVERY_RETURN_REASON_MAX } from '@eproto/domain';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import type { SignatureValue } from '../../../components/signature-pad.tsx';
import { SignaturePad } from '../../../components/signature-pad.tsx';
import { useReturnDelivery } from '../api/return-delivery.ts';
import { useSignDelivery } from '../api/sign-delivery.ts';
import { today } from './epi-labels.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

/** The employee signs on the gestor's screen for a delivery still waiting confirmation. */
export function SignModal({
  delivery,
  onClose,
}: {
  delivery: EpiDelivery | null;
  onClose: () => void;
}) {
  const sign = useSignDelivery();
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  useEffect(() => setSignature(null), [delivery]);
  return (
    <Modal opened={delivery !== null} onClose={onClose} title="Assinar recebimento">
      {delivery && (
        <Stack gap="sm">
          <Text size="sm">
            {delivery.colaborador.nome} declara ter recebido {delivery.quantidade} ×{' '}
            {delivery.item.nome} (CA {delivery.item.ca_numero}).
          </Text>
          <SignaturePad label="Assinatura do colaborador" onChange={setSignature} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              disabled={!signature}
              loading={sign.isPending}
              onClick={() =>
                signature &&
                sign.mutate(
                  {
                    id: delivery.id,
                    assinatura: signature.png,
                    assinatura_tracos: signature.tracos,
                    assinatura_local: signature.local,
                  },
                  { onSuccess: onClose },
                )
              }
            >
              Salvar assinatura
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Records that the employee gave the EPI back (optionally back to stock). */
export function ReturnModal({
  delivery,
  onClose,
}: {
  delivery: EpiDelivery | null;
  onClose: () => void;
}) {
  const giveBack = useReturnDelivery();
  const [data, setData] = useState<string | null>(today());
  const [motivo, setMotivo] = useState('');
  const [stock, setStock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(today());
    setMotivo('');
    setStock(false);
    setError(null);
  }, [delivery]);

  const submit = () => {
    if (!delivery) return;
    if (!isValidDate(data)) return setError('Informe a data da devolução.');
    if (!motivo.trim()) return setError('Informe o motivo da devolução.');
    giveBack.mutate(
      { id: delivery.id, data, motivo: motivo.trim(), retorna_estoque: stock },
      { onSuccess: onClose, onError: (e) => setError(e.message) },
    );
  };

  return (
    <Modal opened={delivery !== null} onClose={onClose} title="Registrar devolução">
      {delivery && (
        <Stack gap="sm">
          <Text size="sm">
            {delivery.quantidade} × {delivery.item.nome} de {delivery.colaborador.nome}
          </Text>
          <DateField
            label="Data da devolução"
            required
            minDate={delivery.data}
            maxDate={today()}
            value={data}
            onChange={setData}
          />
          <Textarea
            label="Motivo"
            required
            maxLength={DELIVERY_RETURN_REASON_MAX}
            placeholder="Ex.: desgaste, troca por tamanho, desligamento"
            autosize
            minRows={2}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
          />
          <Checkbox
            label="Volta ao estoque (em condições de uso, higienizado)"
            checked={stock}
            onChange={(e) => setStock(e.currentTarget.checked)}
          />
          {error && (
            <Alert color="red" variant="light" p="xs" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={submit} loading={giveBack.isPending}>
              Registrar devolução
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
