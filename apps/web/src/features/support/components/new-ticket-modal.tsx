import '../../../lib/zod-locale.ts';

import {
  createTicketBody,
  PRIORITIES,
  PRIORITY_LABELS,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Select } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { FormModal } from '../../../components/form-modal.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { uploadTicketAttachment } from '../api/upload-ticket-attachment.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

type FormValues = z.input<typeof createTicketBody>;
const EMPTY = { assunto: '', descricao: '', categoria: 'sistema', prioridade: 'media' } as const;

/** Opens a ticket (assunto, descrição, categoria, prioridade, anexos) and goes to its page. */
export function NewTicketModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateTicket();
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(createTicketBody),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setFiles([]);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    let ticketId: number;
    try {
      ticketId = (await create.mutateAsync(values)).id;
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'Não foi possível abrir o chamado.');
      return;
    }
    setUploading(true);
    const failed: string[] = [];
    for (const file of files) {
      await uploadTicketAttachment({ ticketId, file }).catch((error: unknown) => {
        failed.push(`${file.name}: ${error instanceof Error ? error.message : 'falha no envio'}`);
      });
    }
    setUploading(false);
    if (failed.length)
      toastError(`Chamado aberto, mas alguns anexos falharam. ${failed.join(' ')}`);
    else toastSuccess(`Chamado #${ticketId} aberto. A TI foi avisada.`);
    close();
    void navigate(`/ti/help/${ticketId}`);
  });

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Novo chamado"
      size="lg"
      onSubmit={onSubmit}
      submitLabel="Abrir chamado"
      loading={create.isPending || uploading}
    >
      <TextInput
        {...form.register('assunto')}
        maxLength={textMaxLength(createTicketBody, 'assunto')}
        label="Assunto"
        placeholder="Ex.: Não consigo acessar o chat do contrato"
        required
        error={errors.assunto?.message}
        data-autofocus
      />
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <Controller
          control={form.control}
          name="categoria"
          render={({ field }) => (
            <Select
              label="Categoria"
              data={TICKET_CATEGORIES.map((c) => ({
                value: c,
                label: TICKET_CATEGORY_LABELS[c],
              }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              miw={180}
              error={errors.categoria?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="prioridade"
          render={({ field }) => (
            <Select
              label="Prioridade"
              data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              miw={180}
              error={errors.prioridade?.message}
            />
          )}
        />
      </Group>
      <Textarea
        {...form.register('descricao')}
        maxLength={textMaxLength(createTicketBody, 'descricao')}
        label="Descrição"
        placeholder="O que aconteceu, desde quando, e o que você já tentou."
        autosize
        minRows={4}
        maxRows={10}
        required
        error={errors.descricao?.message}
      />
      <AttachmentPicker files={files} onChange={setFiles} />
    </FormModal>
  );
}
