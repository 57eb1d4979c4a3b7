import '../../../lib/zod-locale.ts';

import { osAddendumBody, osSendReportBody, textMaxLength, type OsDetail } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Stack, Text } from '@mantine/core';
import type { Resolver } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { useAddAddendum } from '../api/add-addendum.ts';
import { useSendReport } from '../api/send-report.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

// The report card's two forms, loaded the first time one opens (os-report-card.tsx): the card
// shows on every finished OS, and these bring react-hook-form and zod.

type Sent = z.output<typeof osSendReportBody>;

/** An empty e-mail sends to the customer's e-mail of the OS (the server's default). */
const sendResolver: Resolver<{ email: string }, unknown, Sent> = (v, ctx, opts) =>
  zodResolver(osSendReportBody)({ email: v.email.trim() || null }, ctx, opts as never);

/** "Enviar ao cliente": the link of the sealed report by e-mail. */
export function SendReportModal({
  os,
  opened,
  onClose,
}: {
  os: OsDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const send = useSendReport();
  const form = useForm<{ email: string }, unknown, Sent>({
    resolver: sendResolver,
    defaultValues: { email: os.cliente_email ?? '' },
  });
  const submit = form.handleSubmit(({ email }) =>
    send.mutate({ id: os.id, email }, { onSuccess: onClose }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Enviar relatório ao cliente">
      <Stack gap="sm">
        <TextInput
          label="E-mail do cliente"
          type="email"
          size="md"
          maxLength={textMaxLength(osSendReportBody, 'email')}
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <Button size="md" loading={send.isPending} onClick={() => void submit()}>
          Enviar link do relatório
        </Button>
      </Stack>
    </Modal>
  );
}

type Addendum = z.output<typeof osAddendumBody>;

/** "Adicionar adendo": a correction after the seal, shown apart from the sealed report. */
export function AddendumModal({
  os,
  opened,
  onClose,
}: {
  os: OsDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const addendum = useAddAddendum();
  const form = useForm<z.input<typeof osAddendumBody>, unknown, Addendum>({
    resolver: zodResolver(osAddendumBody),
    defaultValues: { texto: '' },
  });
  const submit = form.handleSubmit(({ texto }) =>
    addendum.mutate(
      { id: os.id, texto },
      {
        onSuccess: () => {
          onClose();
          form.reset({ texto: '' });
        },
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Adendo (correção após o selo)">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          O relatório selado não muda: o adendo aparece separado, com seu nome e a data.
        </Text>
        <Textarea
          label="Texto do adendo"
          autosize
          minRows={3}
          maxLength={textMaxLength(osAddendumBody, 'texto')}
          {...form.register('texto')}
          error={form.formState.errors.texto?.message}
        />
        <Button loading={addendum.isPending} onClick={() => void submit()}>
          Registrar adendo
        </Button>
      </Stack>
    </Modal>
  );
}
