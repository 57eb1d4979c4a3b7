import { sstOverrideBody, textMaxLength } from '@eproto/domain';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconShieldX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Textarea } from '../../../components/text-fields.tsx';

/**
 * The blocking SST conflict of an OS team: who misses what ("João Pereira: NR-35 vencida em
 * 12/10/2026"). gerente/diretoria (`mayRelease`) may release it with a written reason, which
 * is kept on the OS; everyone else changes the team.
 */
export function SstReleaseModal({
  opened,
  reasons,
  mayRelease,
  pending = false,
  onClose,
  onRelease,
}: {
  opened: boolean;
  reasons: string[];
  mayRelease: boolean;
  pending?: boolean;
  onClose: () => void;
  onRelease: (motivo: string) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setMotivo('');
      setError(null);
    }
  }, [opened]);

  const release = () => {
    const parsed = sstOverrideBody.safeParse({ motivo });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Informe a justificativa da liberação.');
      return;
    }
    setError(null);
    onRelease(parsed.data.motivo);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Requisitos de SST não atendidos"
      size="md"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <Alert color="red" variant="light" icon={<IconShieldX size={18} />} p="sm">
          <List size="sm" spacing={4} data-testid="sst-reasons">
            {reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Alert>
        {mayRelease ? (
          <Textarea
            label="Justificativa da liberação"
            description="Fica registrada na OS, no histórico e no log de atividades."
            withAsterisk
            autosize
            minRows={3}
            maxLength={textMaxLength(sstOverrideBody, 'motivo')}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            error={error}
          />
        ) : (
          <Text size="sm">
            Troque a equipe ou o tipo de serviço. Só gerente ou diretoria podem liberar, com
            justificativa.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {mayRelease ? 'Cancelar' : 'Voltar'}
          </Button>
          {mayRelease && (
            <Button color="red" onClick={release} loading={pending}>
              Liberar e salvar
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
