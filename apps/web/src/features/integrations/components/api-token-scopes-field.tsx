import {
  API_TOKEN_ACCESS_LABELS,
  API_TOKEN_AREA_LABELS,
  API_TOKEN_AREA_SHORT_LABELS,
  API_TOKEN_AREAS,
  type ApiTokenAccess,
  type ApiTokenArea,
  type ApiTokenScope,
} from '@eproto/domain';
import { Divider, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';

const NONE = 'nenhum';
const CHOICES = [
  { value: NONE, label: 'Sem acesso' },
  { value: 'leitura', label: API_TOKEN_ACCESS_LABELS.leitura },
  { value: 'escrita', label: API_TOKEN_ACCESS_LABELS.escrita },
];

/** The scopes in the areas' order, with `area` set to `access` (or left out). */
function withAccess(
  scopes: readonly ApiTokenScope[],
  area: ApiTokenArea,
  access: ApiTokenAccess | null,
): ApiTokenScope[] {
  const byArea = new Map(scopes.map((s) => [s.area, s.acesso]));
  if (access) byArea.set(area, access);
  else byArea.delete(area);
  return API_TOKEN_AREAS.flatMap((a) => {
    const acesso = byArea.get(a);
    return acesso ? [{ area: a, acesso }] : [];
  });
}

/**
 * The scopes of a new token: each area "Sem acesso", "Leitura" (GET) or "Leitura e escrita".
 * Each area's control is a radio group named by the area (a screen reader, and a test, find it).
 */
export function ApiTokenScopesField({
  value,
  onChange,
  error,
}: {
  value: readonly ApiTokenScope[];
  onChange: (scopes: ApiTokenScope[]) => void;
  error?: string | undefined;
}) {
  const current = new Map(value.map((s) => [s.area, s.acesso]));
  return (
    <Input.Wrapper
      label="Escopos"
      required
      description="O que o token pode fazer em cada área. Ele nunca passa do que a própria pessoa pode: o papel dela continua valendo."
      error={error}
    >
      <Stack gap={0} mt={6}>
        {API_TOKEN_AREAS.map((area, i) => (
          <Fragment key={area}>
            {i > 0 && <Divider />}
            <Group justify="space-between" align="center" gap="xs" py={8}>
              <Stack gap={0} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {API_TOKEN_AREA_SHORT_LABELS[area]}
                </Text>
                {API_TOKEN_AREA_LABELS[area] !== API_TOKEN_AREA_SHORT_LABELS[area] && (
                  <Text size="xs" c="dimmed">
                    {API_TOKEN_AREA_LABELS[area]}
                  </Text>
                )}
              </Stack>
              <SegmentedControl
                size="xs"
                aria-label={API_TOKEN_AREA_SHORT_LABELS[area]}
                data={CHOICES}
                value={current.get(area) ?? NONE}
                onChange={(v) =>
                  onChange(withAccess(value, area, v === NONE ? null : (v as ApiTokenAccess)))
                }
                color={current.has(area) ? 'blue' : undefined}
                style={{ flex: '0 1 auto' }}
              />
            </Group>
          </Fragment>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
