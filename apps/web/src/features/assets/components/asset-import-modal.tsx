import '../../../lib/zod-locale.ts';

import type { AssetImportError } from '@eproto/domain';
import { assetImportQuery, fieldId } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormFileField, FormSelect } from '../../../components/form-fields.tsx';
import { chosenFile } from '../../../lib/chosen-file.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useContractOptions } from '../../../components/pickers/contracts.ts';
import { ASSET_TEMPLATE_URL, importErrors, useImportAssets } from '../api/import-assets.ts';

/**
 * The choice: the import's query (the contract, required as in an asset's body) and the
 * spreadsheet. The server reads the file and answers its bad rows.
 */
const importChoice = assetImportQuery.extend({
  contract_id: fieldId('o contrato'),
  file: chosenFile({
    extensions: ['xlsx'],
    missing: 'Escolha a planilha (.xlsx).',
    wrongType: 'Envie a planilha (.xlsx).',
  }),
});
type ChoiceIn = z.input<typeof importChoice>;
type ChoiceOut = z.output<typeof importChoice>;
const resolver = zodResolver(importChoice);

/**
 * Imports a spreadsheet of assets into one contract. A refused file lists each bad line and
 * its reason; nothing of it was written, so the person fixes the file and sends it again.
 */
export function AssetImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const contracts = useContractOptions();
  const run = useImportAssets();
  const [refused, setRefused] = useState<{ error: string; erros: AssetImportError[] } | null>(null);
  // the first field is a searchable select: focused on a refused submit, its list covers the
  // messages
  const form = useForm<ChoiceIn, unknown, ChoiceOut>({
    resolver,
    defaultValues: { contract_id: null as unknown as number, file: null as unknown as File },
    shouldFocusError: false,
  });

  useEffect(() => {
    if (!opened) return;
    form.resetField('file');
    setRefused(null);
    run.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [opened]);

  const submit = form.handleSubmit(async ({ contract_id, file }) => {
    setRefused(null);
    try {
      const done = await run.mutateAsync({ contractId: contract_id, file });
      toastSuccess(
        done.importados === 1 ? '1 ativo importado.' : `${done.importados} ativos importados.`,
      );
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Não foi possível importar.';
      setRefused({ error: message, erros: importErrors(error) ?? [] });
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Importar ativos de planilha" size="lg">
      <Stack gap="md">
        <Text size="sm">
          Preencha uma linha por ativo no modelo e envie o arquivo .xlsx. Se alguma linha tiver
          problema, nada é importado e a lista abaixo mostra o que corrigir.
        </Text>
        <Anchor href={ASSET_TEMPLATE_URL} download size="sm">
          <Group gap={6} component="span">
            <IconDownload size={16} />
            Baixar modelo (.xlsx)
          </Group>
        </Anchor>
        <FormSelect
          control={form.control}
          name="contract_id"
          numeric
          label="Contrato"
          required
          searchable
          data={contracts.data ?? []}
          nothingFoundMessage="Nenhum contrato"
        />
        <FormFileField
          control={form.control}
          name="file"
          label="Planilha"
          required
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          placeholder="Escolha o arquivo .xlsx"
          leftSection={<IconFileSpreadsheet size={16} />}
        />
        {refused && (
          <Alert color="red" title={refused.error} role="alert">
            {refused.erros.length > 0 && (
              <ScrollArea.Autosize mah={260}>
                <Table striped withRowBorders={false} fz="sm" aria-label="Linhas com problema">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>Linha</Table.Th>
                      <Table.Th>Motivo</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {refused.erros.map((e) => (
                      <Table.Tr key={`${e.linha}-${e.motivo}`}>
                        <Table.Td>{e.linha}</Table.Td>
                        <Table.Td>{e.motivo}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => void submit()}
            loading={run.isPending}
          >
            Importar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
