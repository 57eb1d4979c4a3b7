import { can, type Plan, type Role } from '@eproto/domain';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarRepeat,
  IconFileCertificate,
  IconPlus,
  IconSettings,
} from '@tabler/icons-react';
import { useState } from 'react';

import { ListView } from '../../../components/list-page.tsx';
import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useContractOptions } from '../../../components/pickers/contracts.ts';
import { usePlans, usePreventiveSettings, useSavePlan } from '../api/plans.ts';
import { GenerateNowButton } from './generate-now-button.tsx';
import { OverdueList } from './overdue-list.tsx';
import { PlanFormModal } from './plan-form-modal.tsx';
import { PlanCard, planColumns } from './plan-list.tsx';
import { PmocModal } from './pmoc-modal.tsx';
import { PreventiveSettingsCard } from './preventive-settings-card.tsx';
import { PreventiveSettingsModal } from './preventive-settings-modal.tsx';

/**
 * /tatico/agenda?aba=ativos&vista=planos — a contract's maintenance plans, its preventive
 * settings (horizon, team, hour, the PMOC's building and responsible technician), its overdue
 * due dates and the PMOC download. Gestão edits; equipe reads.
 */
export default function PlansView() {
  const { user } = useSession();
  const manager = can((user?.type ?? 'equipe') as Role, 'assets.manage');
  const f = useListFilters(['contract_id'] as const);
  const contracts = useContractOptions();
  const chosen = f.values.contract_id ?? contracts.data?.[0]?.value ?? null;
  const contractId = chosen ? Number(chosen) : null;
  const contractLabel = contracts.data?.find((c) => c.value === chosen)?.label ?? '';
  const plans = usePlans(contractId);
  const settings = usePreventiveSettings(contractId);
  const save = useSavePlan();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [configuring, setConfiguring] = useState(false);
  const [pmoc, setPmoc] = useState(false);
  const edits = manager && (plans.data?.pode_editar ?? true);
  const edit = edits
    ? {
        onToggle: (p: Plan, ativo: boolean) => save.mutate({ id: p.id, body: { ativo } }),
        onEdit: (p: Plan) => setEditing(p),
        busy: save.isPending,
      }
    : undefined;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Contrato"
          placeholder="Escolha o contrato"
          data={contracts.data ?? []}
          value={chosen}
          onChange={(c) => f.set({ contract_id: c })}
          searchable
          allowDeselect={false}
          flex="1 1 260px"
          maw={{ base: '100%', sm: 420 }}
        />
        {edits && contractId !== null && (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconFileCertificate size={18} />}
              onClick={() => setPmoc(true)}
            >
              PMOC
            </Button>
            <Button
              variant="default"
              leftSection={<IconSettings size={18} />}
              onClick={() => setConfiguring(true)}
              disabled={!settings.data}
            >
              Configurar
            </Button>
            <GenerateNowButton contractId={contractId} />
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Novo plano
            </Button>
          </Group>
        )}
      </Group>
      {contractId === null ? (
        contracts.isPending ? (
          <ListLoading rows={3} />
        ) : (
          <Text c="dimmed">Nenhum contrato ativo para mostrar planos.</Text>
        )
      ) : (
        <>
          {settings.isError ? (
            <ListError message={settings.error.message} onRetry={() => void settings.refetch()} />
          ) : (
            <PreventiveSettingsCard settings={settings.data} />
          )}
          <Title order={2} fz="lg">
            Planos de manutenção
          </Title>
          <ListView
            query={plans}
            items={plans.data?.items}
            rowKey={(p) => p.id}
            columns={planColumns({ edit })}
            card={(p) => <PlanCard p={p} edit={edit} />}
            minWidth={960}
            testId="plan-row"
            empty={{
              icon: <IconCalendarRepeat size={24} />,
              title: 'Nenhum plano neste contrato',
              hint: edits
                ? 'Crie um plano por tipo de ativo (todos os splits) ou para um ativo: as OSs preventivas abrem sozinhas.'
                : 'Os planos de manutenção do contrato aparecem aqui.',
            }}
          />
          <OverdueList contractId={contractId} />
          <PlanFormModal
            opened={editing !== null}
            onClose={() => setEditing(null)}
            contractId={contractId}
            plan={editing === 'new' || editing === null ? undefined : editing}
          />
          {settings.data && (
            <PreventiveSettingsModal
              opened={configuring}
              onClose={() => setConfiguring(false)}
              settings={settings.data}
            />
          )}
          <PmocModal
            opened={pmoc}
            onClose={() => setPmoc(false)}
            contractId={contractId}
            contractLabel={contractLabel}
          />
        </>
      )}
    </Stack>
  );
}
