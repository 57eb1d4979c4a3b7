import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { NumberField } from '../../../components/number-field.tsx';
import { pmocUrl } from '../api/plans.ts';

const thisYear = () => new Date().getFullYear();

/**
 * Downloads the contract's PMOC of a year as a sealed PDF (inventory, activities, executions,
 * yearly grid); each download is issued with its own verification code and SHA-256.
 */
export function PmocModal({
  opened,
  onClose,
  contractId,
  contractLabel,
}: {
  opened: boolean;
  onClose: () => void;
  contractId: number;
  contractLabel: string;
}) {
  const [ano, setAno] = useState<number | null>(thisYear());
  useEffect(() => {
    if (opened) setAno(thisYear());
  }, [opened]);
  const valid = ano !== null && ano >= 2000 && ano <= 2100;

  return (
    <Modal opened={opened} onClose={onClose} title="PMOC do contrato">
      <Stack gap="md">
        <Text size="sm">
          Plano de Manutenção, Operação e Controle (Lei 13.589/2018) de <b>{contractLabel}</b>:
          edifício, responsável técnico, inventário de climatização, atividades, execuções e a grade
          do ano. O PDF sai selado: o cliente confere o SHA-256 pelo endereço de verificação
          impresso nele.
        </Text>
        <NumberField
          label="Ano"
          value={ano}
          onChange={setAno}
          min={2000}
          max={2100}
          decimals={0}
          grouping={false}
          w={140}
          error={ano !== null && !valid ? 'Ano inválido: de 2000 a 2100.' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
          <Button
            component="a"
            href={valid ? pmocUrl(contractId, ano) : undefined}
            download
            leftSection={<IconFileCertificate size={18} />}
            disabled={!valid}
            data-disabled={!valid || undefined}
          >
            Baixar PMOC
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
