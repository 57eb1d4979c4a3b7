import type { AssetImportError } from '@eproto/domain';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { toastSuccess } from '../../../lib/toast.ts';
import { useContractOptions } from '../api/get-contract-options.ts';
import { ASSET_TEMPLATE_URL, importErrors, useImportAssets } from '../api/import-assets.ts';

/**
 * Imports a spreadsheet of assets into one contract. A refused file lists each bad line and
 * its reason; nothing of it was written, so the person fixes the file and sends it again.
 */
export function AssetImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const contracts = useContractOptions();
  const run = useImportAssets();
  const [contractId, setContractId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<{ error: string; erros: AssetImportError[] } | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setRefused(null);
    run.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [opened]);

  const submit = async () => {
    if (!contractId || !file) return;
    setRefused(null);
    try {
      const done = await run.mutateAsync({ contractId: Number(contractId), file });
      toastSuccess(
        done.importados === 1 ? '1 ativo importado.' : `${done.importados} ativos importados.`,
      );
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Não foi possível importar.';
      setRefused({ error: message, erros: importErrors(error) ?? [] });
    }
  };

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
        <Select
          label="Contrato"
          required
          searchable
          data={contracts.data ?? []}
          value={contractId}
          onChange={setContractId}
          nothingFoundMessage="Nenhum contrato"
        />
        <FileInput
          label="Planilha"
          required
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          placeholder="Escolha o arquivo .xlsx"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={setFile}
          clearable
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
            disabled={!contractId || !file}
          >
            Importar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
