import type { OsAssets } from '@eproto/domain';
import { Accordion, Alert, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';

import { assetAnswerKey, assetMeterKey } from '../api/os-assets-pending.ts';
import type { OsPendingView } from '../api/os-pending-view.ts';
import { entriesByAsset, refusalByAsset } from '../utils/asset-missing.ts';
import { OsAssetMeter } from './os-asset-meter.tsx';
import type { ChecklistItemView, ChecklistValue } from '../utils/checklist-model.ts';
import { isAnswered, valueOf } from '../utils/checklist-model.ts';

type Asset = OsAssets['ativos'][number];

/** One asset of the OS as its section shows it. */
interface AssetSection {
  id: number;
  tag: string;
  tipo: string;
  local: string;
  /** Items of its checklist answered, of `total`. */
  answered: number;
  total: number;
  /** Required items it still misses ("Filtro limpo"). */
  missing: string[];
  /** What a conclusion the server refused named of it. */
  refused: string[] | undefined;
}

/** "Falta 1" / "Faltam 3" / "Completo" beside an asset's tag. */
function MissingBadge({ missing }: { missing: number }) {
  if (missing === 0) {
    return (
      <Badge
        color="teal"
        variant="light"
        leftSection={<IconCheck size={12} />}
        style={{ flexShrink: 0 }}
      >
        Completo
      </Badge>
    );
  }
  return (
    <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
      {missing === 1 ? 'Falta 1' : `Faltam ${missing}`}
    </Badge>
  );
}

/**
 * Tag, type and site of an asset, then how much of its checklist is answered beside its badge:
 * on their own lines, so a long tag never squeezes the badge on a phone.
 */
function AssetHeader({ s }: { s: AssetSection }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {s.tag}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {s.tipo} · {s.local}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed">
          {s.answered} de {s.total} {s.total === 1 ? 'item respondido' : 'itens respondidos'}
        </Text>
        <MissingBadge missing={s.missing.length} />
      </Group>
    </Stack>
  );
}

/** What an asset still misses, or what a refused conclusion said of it. */
function AssetMissing({ s, showMissing }: { s: AssetSection; showMissing: boolean }) {
  if (s.refused && s.refused.length > 0) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="A conclusão foi recusada por este ativo"
        data-testid="os-asset-refusal"
      >
        <List size="sm" spacing={2}>
          {s.refused.map((t) => (
            <List.Item key={t}>{t}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  if (!showMissing || s.missing.length === 0) return null;
  return (
    <Text size="sm" c="orange" data-testid="os-asset-missing">
      Faltam: {s.missing.join('; ')}.
    </Text>
  );
}

/** Each asset's answers as the inputs hold them, by item id. */
function answersOf(a: Asset, items: readonly ChecklistItemView[]) {
  return Object.fromEntries(
    items.map((i) => [
      i.id,
      valueOf(
        i,
        a.respostas.find((r) => r.item_id === i.id),
      ),
    ]),
  ) as Record<number, ChecklistValue>;
}

/**
 * The checklist of an OS that serves assets, once per asset (docs/assets.md "OS ↔ assets"),
 * loaded only for such an OS: one section per asset with tag, type, site and how much is
 * answered, the first one still missing something open. What each asset misses comes from the
 * OS's `pendencias` ("AC-01: Filtro limpo": the server's word, or the phone's count with what
 * waits); a conclusion the server refused shows its reason in the section of the asset it
 * names, which opens. The inputs are the OS page's own `Checklist` (`renderChecklist`), so the
 * same rules apply and the answers go through the offline outbox like every OS step.
 */
export function OsAssetSections({
  pendencias,
  assets,
  items,
  pending,
  showMissing,
  renderChecklist,
  meter,
}: {
  pendencias: readonly string[];
  assets: OsAssets;
  /** The OS's checklist items answered per asset (all but photos). */
  items: readonly ChecklistItemView[];
  pending: OsPendingView;
  /** Name what each asset misses (while the OS can still be answered). */
  showMissing: boolean;
  /** The inputs of one asset, with its answers and the items whose answer waits. */
  renderChecklist: (
    asset: Asset,
    answers: Record<number, ChecklistValue>,
    waiting: ReadonlySet<number>,
  ) => ReactNode;
  /** The hour meter of assets that have one; absent: read-only OS (no input). */
  meter: {
    disabled: boolean;
    onSave: (asset: Asset, horas: number) => Promise<unknown>;
  };
}) {
  const refusal = pending.attention.find((w) => w.meta.tipo === 'concluir')?.refusal?.message;
  const sections = useMemo((): AssetSection[] => {
    const tags = assets.ativos.map((a) => a.tag);
    const missing = entriesByAsset(pendencias, tags);
    const refused = refusalByAsset(refusal ?? '', tags);
    return assets.ativos.map((a) => {
      const answers = answersOf(a, items);
      return {
        id: a.id,
        tag: a.tag,
        tipo: a.tipo,
        local: a.local,
        answered: items.filter((i) => isAnswered(i, answers[i.id] ?? null)).length,
        total: items.length,
        missing: missing.get(a.tag) ?? [],
        refused: refused.get(a.tag),
      };
    });
  }, [assets, items, pendencias, refusal]);

  const [open, setOpen] = useState<string[]>(() => {
    const first = sections.find((s) => s.missing.length > 0);
    return first ? [String(first.id)] : [];
  });
  const named = sections
    .filter((s) => s.refused?.length)
    .map((s) => String(s.id))
    .join(',');
  useEffect(() => {
    if (named) setOpen((o) => [...new Set([...o, ...named.split(',')])]);
  }, [named]);

  const complete = sections.filter((s) => s.missing.length === 0).length;
  return (
    <Stack gap="xs" data-testid="os-assets">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={3} size="h5">
          Ativos desta OS
        </Title>
        <Text size="sm" c="dimmed">
          {complete} de {sections.length} {sections.length === 1 ? 'completo' : 'completos'}
        </Text>
      </Group>
      <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="md">
        {sections.map((s, n) => {
          const asset = assets.ativos[n]!;
          const waiting = new Set(
            items
              .filter((i) => pending.assetAnswers.has(assetAnswerKey(s.id, i.id)))
              .map((i) => i.id),
          );
          return (
            <Accordion.Item
              key={s.id}
              value={String(s.id)}
              data-testid="os-asset"
              data-asset={s.tag}
            >
              <Accordion.Control>
                <AssetHeader s={s} />
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <AssetMissing s={s} showMissing={showMissing} />
                  {asset.horimetro && open.includes(String(s.id)) && (
                    <OsAssetMeter
                      meter={asset.horimetro}
                      waiting={pending.assetAnswers.has(assetMeterKey(s.id))}
                      refusal={
                        pending.attention.find(
                          (w) => w.meta.tipo === 'ativo-horimetro' && w.meta.assetId === s.id,
                        )?.refusal?.message
                      }
                      disabled={meter.disabled}
                      onSave={(horas) => meter.onSave(asset, horas)}
                    />
                  )}
                  {open.includes(String(s.id)) &&
                    renderChecklist(asset, answersOf(asset, items), waiting)}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
