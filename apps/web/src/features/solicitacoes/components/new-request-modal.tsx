import '../../../lib/zod-locale.ts';

import {
  REQUEST_TYPE_LABELS,
  REQUEST_TYPES,
  REQUEST_URGENCIES,
  REQUEST_URGENCY_LABELS,
  requestBody,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileInput, SimpleGrid } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormMoneyField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreateRequest } from '../api/create-request.ts';
import { useContractOptions } from '../../../components/pickers/contracts.ts';
import { uploadRequestAttachment } from '../api/upload-request-attachment.ts';
import { Textarea } from '../../../components/text-fields.tsx';

type FormIn = z.input<typeof requestBody>;
type FormOut = z.output<typeof requestBody>;
const EMPTY: FormIn = {
  tipo: 'material',
  descricao: '',
  urgencia: 'media',
  contract_id: null,
  valor: null,
};

/** Opens a request (tipo, descrição, urgência, contrato, valor of a reimbursement, anexos). */
export function NewRequestModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const create = useCreateRequest();
  const contracts = useContractOptions({ status: 'aberto' });
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(requestBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const { errors } = form.formState;
  const tipo = form.watch('tipo');

  useEffect(() => {
    if (opened) {
      form.reset(EMPTY);
      setFiles([]);
    }
  }, [opened, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    let id: number;
    try {
      id = (await create.mutateAsync(values)).solicitacao.id;
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'Não foi possível abrir a solicitação.');
      return;
    }
    setUploading(true);
    const failed: string[] = [];
    for (const file of files) {
      await uploadRequestAttachment({ id, file }).catch((e: unknown) =>
        failed.push(`${file.name}: ${e instanceof Error ? e.message : 'falha'}`),
      );
    }
    setUploading(false);
    if (failed.length)
      toastError(`Solicitação aberta, mas alguns anexos falharam. ${failed.join(' ')}`);
    else toastSuccess(`Solicitação #${id} aberta.`);
    onCreated(id);
    onClose();
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Nova solicitação"
      size="lg"
      label="Nova solicitação"
      onSubmit={onSubmit}
      submitLabel="Abrir solicitação"
      loading={create.isPending || uploading}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormSelect
          control={control}
          name="tipo"
          label="Tipo"
          data={REQUEST_TYPES.map((t) => ({ value: t, label: REQUEST_TYPE_LABELS[t] }))}
          allowDeselect={false}
        />
        <FormSelect
          control={control}
          name="urgencia"
          label="Urgência"
          data={REQUEST_URGENCIES.map((u) => ({ value: u, label: REQUEST_URGENCY_LABELS[u] }))}
          allowDeselect={false}
        />
        <FormSelect
          control={control}
          name="contract_id"
          numeric
          label="Contrato"
          placeholder="Sem contrato"
          searchable
          clearable
          data={contracts.data ?? []}
          nothingFoundMessage="Nenhum contrato"
        />
        {tipo === 'reembolso' && (
          <FormMoneyField control={control} name="valor" label="Valor" required />
        )}
      </SimpleGrid>
      <Textarea
        {...form.register('descricao')}
        maxLength={textMaxLength(requestBody, 'descricao')}
        label="Descrição"
        placeholder="O que é preciso, para quando e onde."
        required
        autosize
        minRows={3}
        maxRows={8}
        error={errors.descricao?.message}
        data-autofocus
      />
      <FileInput
        label="Anexos"
        placeholder="Orçamentos, fotos, notas fiscais"
        multiple
        clearable
        leftSection={<IconPaperclip size={16} />}
        value={files}
        onChange={setFiles}
      />
    </FormModal>
  );
}
