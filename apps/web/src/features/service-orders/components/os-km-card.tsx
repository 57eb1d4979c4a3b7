import type { OsDetail } from '@eproto/domain';
import { KM_JUMP_WARN } from '@eproto/domain';
import { Alert, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useState } from 'react';

import { NumberField } from '../../../components/number-field.tsx';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useOsStepMutation } from '../api/os-step.ts';
import { useOsPending } from '../api/use-os-with-pending.ts';

const km = (n: number | null) => (n === null ? '—' : `${n.toLocaleString('pt-BR')} km`);

/** Vehicle km at departure (fleet check-out) and return (check-in), when the OS has a vehicle. */
export function OsKmCard({ os, editable }: { os: OsDetail; editable: boolean }) {
  const step = useOsStepMutation(os.id);
  const pending = useOsPending();
  const tipo = os.km.saida === null ? 'saida' : os.km.retorno === null ? 'retorno' : null;
  const [value, setValue] = useState<number | null>(null);
  const [confirmHigh, setConfirmHigh] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!os.veiculo) return null;

  const jump =
    tipo === 'retorno' && os.km.saida !== null && typeof value === 'number'
      ? value - os.km.saida > KM_JUMP_WARN
      : false;

  const submit = async () => {
    setError(null);
    if (!tipo) return;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return setError('Informe a quilometragem do painel.');
    }
    if (jump && !confirmHigh) return setError('Confira o km ou confirme que está certo.');
    try {
      const r = await step.mutateAsync({
        tipo: 'km',
        body: { tipo, km: value, confirmar_km_alto: confirmHigh },
      });
      if (r.status === 'sent')
        toastSuccess(tipo === 'saida' ? 'Km de saída registrado.' : 'Km de retorno registrado.');
      setValue(null);
      setConfirmHigh(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível registrar o km.');
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="os-km">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCar size={20} />
          <Text fw={600}>
            Veículo {os.veiculo.placa} · {os.veiculo.modelo}
          </Text>
        </Group>
        <Group gap="lg">
          <Text size="sm">Saída: {km(os.km.saida)}</Text>
          <Text size="sm">Retorno: {km(os.km.retorno)}</Text>
          {os.km.rodados !== null && <Text size="sm">Rodados: {km(os.km.rodados)}</Text>}
          {pending.km.size > 0 && <PendingBadge />}
        </Group>
        {editable && tipo && (
          <>
            <NumberField
              label={tipo === 'saida' ? 'Km na saída' : 'Km no retorno'}
              size="md"
              decimals={0}
              min={0}
              max={5_000_000}
              value={value}
              onChange={setValue}
            />
            {jump && (
              <Checkbox
                size="md"
                label={`Confirmo: foram mais de ${KM_JUMP_WARN.toLocaleString('pt-BR')} km nesta viagem.`}
                checked={confirmHigh}
                onChange={(e) => setConfirmHigh(e.currentTarget.checked)}
              />
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button size="md" onClick={() => void submit()} loading={step.isPending}>
              {tipo === 'saida' ? 'Registrar km de saída' : 'Registrar km de retorno'}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
