import { osConcludeBody, textMaxLength, type OsDetail } from '@eproto/domain';
import { Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

import { toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { readPosition } from '../hooks/use-geolocation.ts';
import {
  concludePayload,
  CustomerSignatureStep,
  useConcludeForm,
} from './customer-signature-step.tsx';
import { MissingItems } from './missing-items.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

/**
 * Check-out: observations and the customer's signature (or refusal), checked by the domain's
 * osConcludeBody. Required checklist items missing block it with the list; concluding seals
 * the OS. Sent through the OS step mutation: offline it waits in the outbox.
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
  const form = useConcludeForm();

  const submit = form.handleSubmit(async (body) => {
    const reading = await readPosition();
    try {
      const r = await step.mutateAsync({
        tipo: 'concluir',
        body: {
          ...concludePayload(body),
          latitude: reading.posicao?.latitude ?? null,
          longitude: reading.posicao?.longitude ?? null,
          precisao_m: reading.posicao?.precisao_m ?? null,
          device_time: reading.em.toISOString(),
        },
      });
      if (r.status === 'sent') toastSuccess(`${os.codigo} concluída e selada.`);
      onClose();
    } catch (e) {
      form.setError('root.server', {
        message: e instanceof Error ? e.message : 'Não foi possível concluir.',
      });
    }
  });

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
            {...form.register('observacoes')}
            error={form.formState.errors.observacoes?.message}
          />
          <Text fw={600}>Aceite do cliente</Text>
          <CustomerSignatureStep
            form={form}
            onSubmit={() => void submit()}
            submitting={step.isPending}
          />
        </Stack>
      )}
    </Modal>
  );
}
