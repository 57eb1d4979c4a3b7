import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconListDetails, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useServiceType, useServiceTypes } from '../api/get-service-types.ts';
import { ServiceTypeEditor } from './service-type-editor.tsx';

/** Service types with their checklist templates (coordenador, gerente, diretoria edit them). */
export default function ServiceTypesPanel() {
  const types = useServiceTypes();
  const [editing, setEditing] = useState<number | 'novo' | null>(null);
  const current = useServiceType(typeof editing === 'number' ? editing : null);
  const opened = editing === 'novo' || (typeof editing === 'number' && current.data !== undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Cada tipo de serviço tem um checklist. Editar cria uma nova versão; OSs já criadas não
          mudam.
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('novo')}>
          Novo tipo de serviço
        </Button>
      </Group>
      {types.isPending ? (
        <ListLoading rows={3} height={90} />
      ) : types.isError ? (
        <ListError message={types.error.message} onRetry={() => void types.refetch()} />
      ) : types.data.length === 0 ? (
        <ListEmpty
          icon={<IconListDetails size={24} />}
          title="Nenhum tipo de serviço"
          hint="Crie o primeiro, com o checklist que a equipe vai preencher."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {types.data.map((t) => (
            <Card key={t.id} withBorder radius="md" padding="md" data-testid="service-type">
              <Stack gap={6} h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>{t.nome}</Text>
                  {!t.ativo && (
                    <Badge color="gray" variant="light">
                      Inativo
                    </Badge>
                  )}
                </Group>
                {t.descricao && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {t.descricao}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt="auto">
                  {t.itens_total} {t.itens_total === 1 ? 'item' : 'itens'} · versão {t.versao} ·{' '}
                  {formatDateTime(t.updated_at)}
                </Text>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(t.id)}
                  loading={editing === t.id && current.isPending}
                  w="fit-content"
                >
                  Editar
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ServiceTypeEditor
        opened={opened}
        type={editing === 'novo' ? null : (current.data ?? null)}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
