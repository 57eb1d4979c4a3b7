import { ASO_RESULT_LABELS, ASO_TYPE_LABELS, can, type WorkerSst } from '@eproto/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCertificate, IconFileOff, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { ListEmpty } from '../../../components/list-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.ts';
import { SstStateBadge } from './sst-state-badge.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

// The forms (zod, Select, Modal) load at the first "Registrar"/"Cadastrar": "Meus EPIs" shows this
// file to every technician, who never edits it (issue 33). The service worker precaches them.
const RecordModal = lazy(() =>
  import('./record-modal.tsx').then((m) => ({ default: m.RecordModal })),
);
const AsoModal = lazy(() => import('./aso-modal.tsx').then((m) => ({ default: m.AsoModal })));
const CnhModal = lazy(() => import('./cnh-modal.tsx').then((m) => ({ default: m.CnhModal })));

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/** Trainings, ASOs and CNH of one worker as stacked cards (readable on a phone). */
export function WorkerFile({ file }: { file: WorkerSst }) {
  const { user } = useSession();
  const manages = can(subjectOf(user), 'sst.manage');
  const recordsAso = can(subjectOf(user), 'aso.record');
  const [modal, setModal] = useState<'record' | 'aso' | 'cnh' | null>(null);
  const id = file.pessoa.id;
  const add = (what: 'record' | 'aso' | 'cnh', label: string, aria: string) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlus size={14} />}
      onClick={() => setModal(what)}
      aria-label={aria}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap="lg">
      <Section
        title="Treinamentos"
        action={manages && add('record', 'Registrar', 'Registrar treinamento')}
      >
        {file.treinamentos.length === 0 ? (
          <ListEmpty icon={<IconFileOff size={28} />} title="Nenhum treinamento registrado" />
        ) : (
          file.treinamentos.map((r) => (
            <Card key={r.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600}>{r.treinamento.codigo}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(r.data)} · {String(r.carga_horaria).replace('.', ',')} h ·{' '}
                    {r.instrutor}
                  </Text>
                </div>
                <SstStateBadge estado={r.estado} validade={r.validade} />
              </Group>
              {r.certificado && (
                <Anchor size="xs" href={`/api/tatico/sst/registros/${r.id}/certificado`} download>
                  <IconCertificate size={12} /> {r.certificado.nome}
                </Anchor>
              )}
            </Card>
          ))
        )}
      </Section>
      <Section title="ASO" action={recordsAso && add('aso', 'Registrar', 'Registrar ASO')}>
        {file.asos.length === 0 ? (
          <ListEmpty icon={<IconFileOff size={28} />} title="Nenhum ASO registrado" />
        ) : (
          file.asos.map((a) => (
            <Card key={a.id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600}>
                    {ASO_TYPE_LABELS[a.tipo]} · {formatDate(a.data)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {a.medico} · CRM {a.crm}
                  </Text>
                </div>
                {a.proximo && (
                  <Text size="xs" style={{ flexShrink: 0 }}>
                    Próximo: {formatDate(a.proximo)}
                  </Text>
                )}
              </Group>
              {a.resultado_visivel && a.resultado ? (
                <Text size="sm" mt={4}>
                  Resultado: {ASO_RESULT_LABELS[a.resultado]}
                  {a.restricoes ? ` — ${a.restricoes}` : ''}
                </Text>
              ) : (
                <Text size="xs" c="dimmed" mt={4}>
                  Resultado restrito (dado de saúde).
                </Text>
              )}
            </Card>
          ))
        )}
        <Text size="xs" c="dimmed">
          Periodicidade do ASO: {file.aso_periodicidade_meses} meses.
        </Text>
      </Section>
      <Section
        title="CNH"
        action={
          manages &&
          add('cnh', file.cnh ? 'Editar' : 'Cadastrar', file.cnh ? 'Editar CNH' : 'Cadastrar CNH')
        }
      >
        {file.cnh ? (
          <Card withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600}>
                  Categoria {file.cnh.categoria}
                  {file.cnh.ear ? ' · EAR' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  Nº {file.cnh.numero}
                  {file.cnh.toxicologico_validade
                    ? ` · toxicológico até ${formatDate(file.cnh.toxicologico_validade)}`
                    : ''}
                </Text>
              </div>
              <SstStateBadge estado={file.cnh.estado} validade={file.cnh.validade} />
            </Group>
          </Card>
        ) : (
          <ListEmpty icon={<IconFileOff size={28} />} title="CNH não cadastrada" />
        )}
      </Section>
      <Suspense fallback={null}>
        {modal === 'record' && <RecordModal userId={id} onClose={() => setModal(null)} />}
        {modal === 'aso' && (
          <AsoModal
            userId={id}
            periodicity={file.aso_periodicidade_meses}
            onClose={() => setModal(null)}
          />
        )}
        {modal === 'cnh' && <CnhModal userId={id} cnh={file.cnh} onClose={() => setModal(null)} />}
      </Suspense>
    </Stack>
  );
}
