import '../../../lib/zod-locale.ts';

import { financeSendFields, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { useFinanceItem } from '../api/get-finance-item.ts';
import { useSendToFinance } from '../api/send-to-finance.ts';
import { Textarea } from '../../../components/text-fields.tsx';

/**
 * "Enviar ao financeiro" on the demand page, for whoever may send it (gestores and the
 * responsável) while finance does not have it; a concluded hand-off can be sent again. The
 * note is checked by the domain's financeSendFields.
 */
export function SendToFinanceButton({ muralId }: { muralId: number }) {
  const item = useFinanceItem(muralId);
  const send = useSendToFinance();
  const [opened, setOpened] = useState(false);
  const form = useForm({
    resolver: zodResolver(financeSendFields),
    defaultValues: { observacao: '' },
  });
  const data = item.data;
  if (!data?.finance_permissions.send) return null;
  if (data.finance_status === 'enviado' || data.finance_status === 'visualizado') return null;
  const again = data.finance_status === 'concluido';
  const close = () => {
    setOpened(false);
    form.reset();
  };
  const submit = form.handleSubmit(({ observacao }) =>
    send.mutate({ id: muralId, observacao }, { onSuccess: close }),
  );

  return (
    <>
      <Button
        variant="light"
        color="orange"
        leftSection={<IconSend size={16} />}
        onClick={() => setOpened(true)}
      >
        {again ? 'Reenviar ao financeiro' : 'Enviar ao financeiro'}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={<Text fw={700}>{again ? 'Reenviar ao financeiro' : 'Enviar ao financeiro'}</Text>}
        centered
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit(e);
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              O financeiro verá &quot;{data.titulo}&quot; na lista dele e você será avisado quando
              ela for visualizada e concluída.
            </Text>
            <Textarea
              label="Observação para o financeiro"
              description="Opcional. Ex.: o que deve ser pago ou faturado."
              autosize
              minRows={3}
              maxLength={textMaxLength(financeSendFields, 'observacao')}
              {...form.register('observacao')}
              error={form.formState.errors.observacao?.message}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" color="orange" loading={send.isPending}>
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
