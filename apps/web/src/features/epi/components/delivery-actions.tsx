import '../../../lib/zod-locale.ts';

import type { EpiDelivery } from '@eproto/domain';
import { deliveryReturnBody, textMaxLength } from '@eproto/domain';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField } from '../../../components/form-fields.tsx';
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

type ReturnIn = z.input<typeof deliveryReturnBody>;
type ReturnOut = z.output<typeof deliveryReturnBody>;

const blankReturn = (): ReturnIn => ({ data: today(), motivo: '', retorna_estoque: false });

/**
 * Records that the employee gave the EPI back (optionally back to stock), checked by the
 * domain's deliveryReturnBody: its messages under the fields, nothing sent while one is wrong.
 */
export function ReturnModal({
  delivery,
  onClose,
}: {
  delivery: EpiDelivery | null;
  onClose: () => void;
}) {
  const giveBack = useReturnDelivery();
  const form = useForm<ReturnIn, unknown, ReturnOut>({
    resolver: zodResolver(deliveryReturnBody),
    defaultValues: blankReturn(),
  });
  const { control, formState, reset } = form;
  useEffect(() => reset(blankReturn()), [delivery, reset]);

  const submit = form.handleSubmit((body) => {
    if (!delivery) return;
    giveBack.mutate(
      { id: delivery.id, ...body },
      {
        onSuccess: onClose,
        onError: (e) => form.setError('root.server', { message: e.message }),
      },
    );
  });
  const refused = formState.errors.root?.server?.message;

  return (
    <Modal opened={delivery !== null} onClose={onClose} title="Registrar devolução">
      {delivery && (
        <form
          noValidate
          aria-label="Registrar devolução"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(e);
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {delivery.quantidade} × {delivery.item.nome} de {delivery.colaborador.nome}
            </Text>
            <FormDateField
              control={control}
              name="data"
              label="Data da devolução"
              required
              minDate={delivery.data}
              maxDate={today()}
            />
            <Textarea
              label="Motivo"
              required
              maxLength={textMaxLength(deliveryReturnBody, 'motivo')}
              placeholder="Ex.: desgaste, troca por tamanho, desligamento"
              autosize
              minRows={2}
              {...form.register('motivo')}
              error={formState.errors.motivo?.message}
            />
            <Checkbox
              label="Volta ao estoque (em condições de uso, higienizado)"
              {...form.register('retorna_estoque')}
            />
            {refused && (
              <Alert color="red" variant="light" p="xs" role="alert">
                {refused}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={giveBack.isPending}>
                Registrar devolução
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
