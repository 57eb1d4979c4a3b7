import { assetSite, ASSET_LABELS_MAX } from '@eproto/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import {
  assetLabelsUrl,
  useContractAssets,
  useReportSetting,
  useSetReportSetting,
} from '../api/asset-labels.ts';
import { ContractSelect } from '../../../components/pickers/contract-select.tsx';

/**
 * Chooses assets of a contract and downloads their QR labels as a PDF (A4, 14 per sheet,
 * 99 × 38,1 mm): tag, type, site and the QR of the asset's public page.
 */
export function AssetLabelsModal({
  opened,
  onClose,
  contractId: initial,
}: {
  opened: boolean;
  onClose: () => void;
  contractId: string | null;
}) {
  const [contractId, setContractId] = useState<string | null>(initial);
  const assets = useContractAssets(contractId ? Number(contractId) : null);
  const [chosen, setChosen] = useState<string[]>([]);
  const setting = useReportSetting(contractId ? Number(contractId) : null);
  const setSetting = useSetReportSetting();

  useEffect(() => {
    if (opened) setContractId(initial);
  }, [opened, initial]);
  useEffect(() => {
    setChosen((assets.data ?? []).map((a) => String(a.id)));
  }, [assets.data]);

  const all = assets.data ?? [];
  const ids = chosen.map(Number);
  return (
    <Modal opened={opened} onClose={onClose} title="Imprimir etiquetas QR" size="lg">
      <Stack gap="md">
        <Text size="sm">
          Folha A4 com 14 etiquetas de 99 × 38,1 mm (Pimaco A4263 ou equivalente). O QR abre a
          página do equipamento: quem não tem conta vê só a tag, o tipo e o local e pode relatar um
          problema; a equipe abre o ativo no E-Proto.
        </Text>
        <ContractSelect
          label="Contrato"
          placeholder="Escolha o contrato"
          value={contractId}
          onChange={setContractId}
        />
        {contractId && setting.data && (
          <Switch
            label="Relatar problema pela etiqueta"
            description="Quem não tem conta pode relatar um problema pelo QR; vira uma solicitação de manutenção deste contrato."
            checked={setting.data.ativo}
            disabled={setSetting.isPending}
            onChange={(e) =>
              setSetting.mutate({ contractId: Number(contractId), ativo: e.currentTarget.checked })
            }
          />
        )}
        {contractId &&
          (assets.isPending ? (
            <ListLoading rows={3} height={28} />
          ) : assets.isError ? (
            <ListError message={assets.error.message} onRetry={() => void assets.refetch()} />
          ) : all.length === 0 ? (
            <Alert color="gray">Este contrato ainda não tem ativos.</Alert>
          ) : (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {chosen.length} de {all.length} {all.length === 1 ? 'ativo' : 'ativos'}
                  {all.length >= ASSET_LABELS_MAX && ` (no máximo ${ASSET_LABELS_MAX} por arquivo)`}
                </Text>
                <Group gap="xs">
                  <Anchor
                    component="button"
                    size="sm"
                    onClick={() => setChosen(all.map((a) => String(a.id)))}
                  >
                    Marcar todos
                  </Anchor>
                  <Anchor component="button" size="sm" onClick={() => setChosen([])}>
                    Limpar
                  </Anchor>
                </Group>
              </Group>
              <ScrollArea.Autosize mah={320} type="auto">
                <Checkbox.Group value={chosen} onChange={setChosen} aria-label="Ativos">
                  <Stack gap={10} py={4}>
                    {all.map((a) => (
                      <Checkbox
                        key={a.id}
                        value={String(a.id)}
                        label={a.tag}
                        description={[a.tipo.nome, assetSite(a)].filter(Boolean).join(' · ')}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              </ScrollArea.Autosize>
            </Stack>
          ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button
            component="a"
            href={ids.length > 0 ? assetLabelsUrl(ids) : undefined}
            download
            leftSection={<IconPrinter size={18} />}
            disabled={ids.length === 0}
            data-disabled={ids.length === 0 || undefined}
          >
            Baixar PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
