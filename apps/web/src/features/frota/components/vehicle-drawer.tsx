import { can } from '@eproto/domain';
import { Button, Drawer, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import {
  IconCar,
  IconGasStation,
  IconLogin2,
  IconLogout2,
  IconPencil,
  IconRulerMeasure,
  IconTool,
} from '@tabler/icons-react';
import { useState } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { useVehicle } from '../api/get-vehicle.ts';
import { useStartMaintenance } from '../api/start-maintenance.ts';
import { formatKm } from '../utils/format.ts';
import { CheckoutModal } from './checkout-modal.tsx';
import { DueDate, VehicleStatusBadge } from './fleet-badges.tsx';
import { FinishMaintenanceModal } from './finish-maintenance-modal.tsx';
import { FuelModal } from './fuel-modal.tsx';
import { KmCorrectionModal } from './km-correction-modal.tsx';
import { MaintenanceModal } from './maintenance-modal.tsx';
import { CheckoutList, FuelList, KmCorrectionList, MaintenanceList } from './vehicle-history.tsx';
import classes from './vehicle-drawer.module.css';
import { VehicleFormModal } from './vehicle-form-modal.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </div>
  );
}

/** One vehicle: data, check-out/check-in, maintenance, fuel and usage history. */
export function VehicleDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useVehicle(id);
  const start = useStartMaintenance();
  const { user } = useSession();
  const canCorrect = can(subjectOf(user), 'fleet.km.correct');
  const [modal, setModal] = useState<'edit' | 'maintenance' | 'fuel' | 'km' | null>(null);
  const [move, setMove] = useState<'checkout' | 'checkin' | null>(null);
  const [finishing, setFinishing] = useState<number | null>(null);
  const d = query.data;
  const v = d?.vehicle;

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        v ? (
          <Group gap="sm">
            <Text ff="monospace" fw={700} size="lg">
              {v.placa_formatada}
            </Text>
            <VehicleStatusBadge status={v.status} />
          </Group>
        ) : (
          'Veículo'
        )
      }
    >
      {query.isPending ? (
        <ListLoading rows={5} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        d &&
        v && (
          <Stack gap="md">
            <Text fw={600}>
              {v.marca} {v.modelo} · {v.ano}
            </Text>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
              <Info label="Odômetro">{formatKm(v.odometro_km)}</Info>
              <Info label="RENAVAM">{v.renavam ?? '—'}</Info>
              <Info label="Condutor">{v.condutor?.nome ?? '—'}</Info>
              <Info label="Licenciamento">
                <DueDate
                  date={v.licenciamento_vencimento}
                  label="Licenciamento"
                  inactive={v.status === 'inativo'}
                />
              </Info>
              <Info label="Seguro">
                <DueDate
                  date={v.seguro_vencimento}
                  label="Seguro"
                  inactive={v.status === 'inativo'}
                />
              </Info>
            </SimpleGrid>
            {v.observacoes && (
              <Text size="sm" c="dimmed">
                {v.observacoes}
              </Text>
            )}
            <Group gap="xs" className={classes.actions}>
              {v.status === 'em_uso' ? (
                <Button leftSection={<IconLogin2 size={16} />} onClick={() => setMove('checkin')}>
                  Check-in
                </Button>
              ) : (
                <Button
                  leftSection={<IconLogout2 size={16} />}
                  onClick={() => setMove('checkout')}
                  disabled={v.status !== 'disponivel'}
                >
                  Check-out
                </Button>
              )}
              <Button
                variant="light"
                leftSection={<IconTool size={16} />}
                onClick={() => setModal('maintenance')}
              >
                Manutenção
              </Button>
              <Button
                variant="light"
                leftSection={<IconGasStation size={16} />}
                onClick={() => setModal('fuel')}
              >
                Abastecimento
              </Button>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setModal('edit')}
              >
                Editar
              </Button>
              {canCorrect && (
                <Button
                  variant="default"
                  leftSection={<IconRulerMeasure size={16} />}
                  onClick={() => setModal('km')}
                >
                  Corrigir km
                </Button>
              )}
            </Group>
            <Tabs defaultValue="manutencoes" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="manutencoes" leftSection={<IconTool size={14} />}>
                  Manutenções
                </Tabs.Tab>
                <Tabs.Tab value="combustivel" leftSection={<IconGasStation size={14} />}>
                  Combustível
                </Tabs.Tab>
                <Tabs.Tab value="uso" leftSection={<IconCar size={14} />}>
                  Uso
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="manutencoes" pt="sm">
                <MaintenanceList
                  items={d.maintenances}
                  odometer={v.odometro_km}
                  busy={start.isPending}
                  onStart={(mid) => start.mutate({ vehicleId: v.id, id: mid })}
                  onFinish={setFinishing}
                />
              </Tabs.Panel>
              <Tabs.Panel value="combustivel" pt="sm">
                <FuelList items={d.fuel} />
              </Tabs.Panel>
              <Tabs.Panel value="uso" pt="sm">
                <CheckoutList
                  items={d.checkouts}
                  corrected={
                    new Set(
                      d.correcoes_km
                        .filter((k) => k.leitura === 'saida' || k.leitura === 'retorno')
                        .map((k) => k.ref_id!),
                    )
                  }
                />
                <KmCorrectionList items={d.correcoes_km} />
              </Tabs.Panel>
            </Tabs>
            <VehicleFormModal
              opened={modal === 'edit'}
              onClose={() => setModal(null)}
              vehicle={v}
            />
            <MaintenanceModal
              vehicleId={v.id}
              opened={modal === 'maintenance'}
              onClose={() => setModal(null)}
            />
            <FuelModal
              vehicleId={v.id}
              odometer={v.odometro_km}
              opened={modal === 'fuel'}
              onClose={() => setModal(null)}
            />
            <CheckoutModal vehicle={v} mode={move} onClose={() => setMove(null)} />
            {canCorrect && (
              <KmCorrectionModal
                detail={d}
                opened={modal === 'km'}
                onClose={() => setModal(null)}
              />
            )}
            <FinishMaintenanceModal
              vehicleId={v.id}
              maintenanceId={finishing}
              odometer={v.odometro_km}
              onClose={() => setFinishing(null)}
            />
          </Stack>
        )
      )}
    </Drawer>
  );
}
