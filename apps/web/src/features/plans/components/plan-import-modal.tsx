import '../../../lib/zod-locale.ts';

import {
  countOf,
  PLAN_FILE_MAX_BYTES,
  type PlanImportError,
  type PlanPreview,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { FormFileField } from '../../../components/form-fields.tsx';
import { chosenFile } from '../../../lib/chosen-file.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { planTemplateUrl } from '../api/plan-files.ts';
import { planImportErrors, useImportPlan } from '../api/import-plan.ts';
import { usePreviewPlan } from '../api/preview-plan.ts';
import { PlanPreviewTable } from './plan-preview-table.tsx';

/**
 * The choice: one plan file, the template's .xlsx or an MS Project .xml, no larger than the
 * server takes. The server reads it (by its content) and answers its bad lines.
 */
const planChoice = z.object({
  file: chosenFile({
    extensions: ['xlsx', 'xml'],
    maxBytes: PLAN_FILE_MAX_BYTES,
    missing: 'Escolha o arquivo do plano (.xlsx ou .xml).',
    wrongType: 'Envie o plano em .xlsx (Excel, use o modelo) ou .xml do MS Project.',
    tooLarge: `Arquivo grande demais: o plano pode ter no máximo ${PLAN_FILE_MAX_BYTES / 1_048_576} MB.`,
  }),
});
type ChoiceIn = z.input<typeof planChoice>;
type ChoiceOut = z.output<typeof planChoice>;
const resolver = zodResolver(planChoice);

interface Props {
  muralId: number;
  opened: boolean;
  onClose: () => void;
}

function ErrorList({ title, erros }: { title: string; erros: PlanImportError[] }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap={4} mah={200} style={{ overflowY: 'auto' }}>
        {erros.map((e) => (
          <Text size="sm" key={`${e.linha}-${e.motivo}`}>
            <b>Linha {e.linha}:</b> {e.motivo}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * "Importar plano": the file (XLSX from the template or MS Project XML) is read first and shown
 * — tasks as they would be created, and every bad line with its reason. Only a file without
 * problems can be imported, and then all of it at once.
 */
export function PlanImportModal({ muralId, opened, onClose }: Props) {
  const preview = usePreviewPlan();
  const run = useImportPlan();
  const [data, setData] = useState<PlanPreview | null>(null);
  const [refused, setRefused] = useState<{ error: string; erros: PlanImportError[] } | null>(null);
  const form = useForm<ChoiceIn, unknown, ChoiceOut>({
    resolver,
    defaultValues: { file: null as unknown as File },
  });
  const file = useWatch({ control: form.control, name: 'file' }) as File | null;

  useEffect(() => {
    if (!opened) return;
    form.reset();
    setData(null);
    setRefused(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [opened]);

  /** A chosen file is checked here first; only a plan file goes to the server's preview. */
  const choose = async (f: File | null) => {
    setData(null);
    setRefused(null);
    if (!f) return form.clearErrors('file');
    if (!(await form.trigger('file'))) return;
    try {
      setData(await preview.mutateAsync({ muralId, file: f }));
    } catch (error) {
      setRefused({
        error: error instanceof Error ? error.message : 'Não foi possível ler o arquivo.',
        erros: [],
      });
    }
  };

  const submit = form.handleSubmit(async ({ file }) => {
    try {
      const done = await run.mutateAsync({ muralId, file });
      toastSuccess(
        `${countOf(done.importadas, 'tarefa importada', 'tarefas importadas')}, ${countOf(done.dependencias, 'dependência', 'dependências')}.`,
      );
      onClose();
    } catch (error) {
      setRefused({
        error: error instanceof Error ? error.message : 'Não foi possível importar.',
        erros: planImportErrors(error) ?? [],
      });
    }
  });

  const erros = data?.erros ?? [];
  const ready = data !== null && erros.length === 0 && data.tarefas.length > 0;
  // Nothing chosen: the button says what is missing; a chosen file imports once its preview is
  // clean.
  const blocked = file !== null && !ready;
  return (
    <Modal opened={opened} onClose={onClose} title="Importar plano" size="xl">
      <Stack gap="md">
        <Text size="sm">
          Envie o modelo preenchido (.xlsx) ou um plano salvo pelo MS Project em XML. Primeiro
          mostramos o que será criado; se alguma linha tiver problema, nada é importado.
        </Text>
        <Anchor href={planTemplateUrl(muralId)} download size="sm">
          <Group gap={6} component="span">
            <IconDownload size={16} />
            Baixar modelo (.xlsx)
          </Group>
        </Anchor>
        <FormFileField
          control={form.control}
          name="file"
          label="Arquivo do plano"
          required
          accept=".xlsx,.xml,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/xml,text/xml"
          placeholder="Escolha o arquivo .xlsx ou .xml"
          leftSection={<IconFileImport size={16} />}
          onChange={(f) => void choose(f)}
        />
        {preview.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Lendo o arquivo…</Text>
          </Group>
        )}
        {refused && <ErrorList title={refused.error} erros={refused.erros} />}
        {data && erros.length > 0 && (
          <ErrorList
            title={`${countOf(erros.length, 'linha precisa', 'linhas precisam')} de correção; corrija o arquivo e envie de novo.`}
            erros={erros}
          />
        )}
        {data && data.tarefas.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {countOf(data.tarefas.length, 'tarefa', 'tarefas')} e{' '}
              {countOf(data.dependencias, 'dependência', 'dependências')}
              {data.dias_uteis ? ' (em dias úteis)' : ''}
            </Text>
            <PlanPreviewTable tasks={data.tarefas} diasUteis={data.dias_uteis} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => void submit()}
            loading={run.isPending}
            disabled={blocked}
          >
            {ready ? `Importar ${countOf(data.tarefas.length, 'tarefa', 'tarefas')}` : 'Importar'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
