import '../../../lib/zod-locale.ts';

import type { EpiDelivery } from '@eproto/domain';
import {
  epiSizeShort,
  REPLACEMENT_REASON_LABELS,
  REPLACEMENT_REASONS,
  replacementRequestBody,
  textMaxLength,
} from '@eproto/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormSelect } from '../../../components/form-fields.tsx';
import { Textarea } from '../../../components/text-fields.tsx';
import { useRequestReplacement } from '../api/request-replacement.ts';

type FormIn = z.input<typeof replacementRequestBody>;
type FormOut = z.output<typeof replacementRequestBody>;

const blank = (delivery: EpiDelivery | null): FormIn => ({
  motivo: delivery?.troca_situacao ? 'vencimento' : 'desgaste',
  descricao: '',
});

/**
 * Equipe asks to replace an EPI they hold: opens a solicitação of type EPI. The reason and
 * details are checked by the domain's replacementRequestBody (blank details go as null).
 */
export function ReplacementModal({
  delivery,
  onClose,
}: {
  delivery: EpiDelivery | null;
  onClose: () => void;
}) {
  const ask = useRequestReplacement();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(replacementRequestBody),
    defaultValues: blank(delivery),
  });
  const { reset } = form;
  useEffect(() => reset(blank(delivery)), [delivery, reset]);

  const submit = form.handleSubmit((body) => {
    if (!delivery) return;
    ask.mutate({ id: delivery.id, nome: delivery.item.nome, ...body }, { onSuccess: onClose });
  });

  return (
    <Modal opened={delivery !== null} onClose={onClose} title="Solicitar troca de EPI">
      {delivery && (
        <form
          noValidate
          aria-label="Solicitar troca de EPI"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(e);
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {delivery.quantidade} × {delivery.item.nome} ({epiSizeShort(delivery.item.tamanho)})
            </Text>
            <FormSelect
              control={form.control}
              name="motivo"
              label="Motivo"
              data={REPLACEMENT_REASONS.map((r) => ({
                value: r,
                label: REPLACEMENT_REASON_LABELS[r],
              }))}
              allowDeselect={false}
            />
            <Textarea
              label="Detalhes (opcional)"
              maxLength={textMaxLength(replacementRequestBody, 'descricao')}
              placeholder="O que aconteceu com o EPI?"
              autosize
              minRows={2}
              {...form.register('descricao')}
              error={form.formState.errors.descricao?.message}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={ask.isPending}>
                Enviar solicitação
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
