import { can } from '@eproto/domain';
import { Button, Paper, Stack, Tabs } from '@mantine/core';
import { IconCalendarMonth, IconCalendarUser, IconLayoutRows, IconPlus } from '@tabler/icons-react';
import type { AgendaEntry } from '@eproto/domain';
import type { ReactNode } from 'react';
import { lazy, memo, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { ListLoading } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { whenIdle } from '../../../lib/idle.ts';
import { preloadable } from '../../../lib/preloadable.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';
import { useSession } from '../../../lib/session.ts';
import type { EntryDraft } from '../components/entry-form-modal.tsx';
import { MyAgenda } from '../components/my-agenda.tsx';

// What only gestores use (the week board, the month calendar with FullCalendar, ~70 KB gzip,
// the entry form with its schemas) downloads with its first use: a technician opening "Minha
// agenda" on the phone does not pay for it (issue 33, bench/lighthouse.ts).
// Memoised: opening an entry or the form re-renders this page, and the board under the drawer
// (a row per field person, a button per day: ~500 buttons at 72 people) has nothing to change.
const WeekTab = lazy(() =>
  import('../components/week-tab.tsx').then((m) => ({ default: memo(m.WeekTab) })),
);
const MonthCalendar = lazy(() =>
  import('../components/month-calendar.tsx').then((m) => ({ default: memo(m.MonthCalendar) })),
);
// Preloaded when a gestor's page idles, and then drawn at the first tap without suspending.
const EntryDrawer = preloadable(() =>
  import('../components/entry-drawer.tsx').then((m) => ({ default: m.EntryDrawer })),
);
const EntryFormModal = lazy(() =>
  import('../components/entry-form-modal.tsx').then((m) => ({ default: m.EntryFormModal })),
);

const TABS = ['semana', 'mes', 'minha'] as const;

/** A tab other areas add to the agenda from the route layer (e.g. "Ordens de serviço"). */
export interface AgendaExtraTab {
  value: string;
  label: string;
  icon?: ReactNode;
  render: () => ReactNode;
  /** Also a tab for equipe, beside "Minha agenda" (e.g. "Ativos", read-only for them). */
  team?: boolean;
}

/** What other areas plug into the agenda page (see app/pages/agenda-page-route.tsx). */
export interface AgendaSlots {
  /** Tabs after "Minha agenda" (gestores); `value` is the `?aba=` of the URL. */
  extraTabs?: AgendaExtraTab[];
  /** Buttons in an entry's drawer (e.g. "Criar OS"). */
  entryActions?: (entry: AgendaEntry) => ReactNode;
  /** Downloads the code of `entryActions` ahead of the first opened entry (gestores). */
  preloadEntryActions?: () => Promise<unknown>;
  /** Shown under "Minha agenda" once its list has settled and idled (the person's open OSs). */
  belowMine?: () => ReactNode;
}

/** /tatico/agenda — gestores plan by week (rows = people) and month; everyone has "Minha agenda". */
export default function AgendaPage({
  extraTabs = [],
  entryActions,
  preloadEntryActions,
  belowMine,
}: AgendaSlots = {}) {
  const { user } = useSession();
  const manager = can(subjectOf(user), 'agenda.manage');
  // A gestor opens entries from the board all day: the drawer and its buttons ("Criar OS")
  // download once the page is idle, so a tap on an entry waits for the entry alone, not for
  // two chunks one after the other (the "Criar OS" box was 7 s late under load: docs/lab-notes.md).
  useEffect(() => {
    if (!manager) return;
    return whenIdle(() => {
      void EntryDrawer.preload().catch(() => undefined);
      void preloadEntryActions?.().catch(() => undefined);
    });
  }, [manager, preloadEntryActions]);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  const [draft, setDraft] = useState<EntryDraft | null>(null);
  // The drawer and the form mount at their first use and stay (their closing transitions).
  const [used, setUsed] = useState({ drawer: false, form: false });
  // Stable, so that the memoised board and calendar are not drawn again when an entry opens.
  const openEntry = useCallback((id: number | null) => {
    if (id !== null) setUsed((u) => (u.drawer ? u : { ...u, drawer: true }));
    setOpen(id);
  }, []);
  const openForm = useCallback((d: EntryDraft) => {
    setUsed((u) => (u.form ? u : { ...u, form: true }));
    setDraft(d);
  }, []);
  const openFormOn = useCallback((date: string) => openForm({ date }), [openForm]);

  if (!manager) {
    const teamTabs = extraTabs.filter((t) => t.team);
    const mine = <MyAgenda manager={false}>{belowMine?.()}</MyAgenda>;
    const teamTab = params.get('aba');
    return (
      <>
        {teamTabs.length === 0 ? (
          mine
        ) : (
          <Tabs
            value={teamTabs.some((t) => t.value === teamTab) ? teamTab : 'minha'}
            onChange={(v) => setParams(v && v !== 'minha' ? { aba: v } : {}, { replace: true })}
            keepMounted={false}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="minha" leftSection={<IconCalendarUser size={16} />}>
                Minha agenda
              </Tabs.Tab>
              {teamTabs.map((t) => (
                <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="minha">{mine}</Tabs.Panel>
            {teamTabs.map((t) => (
              <Tabs.Panel key={t.value} value={t.value}>
                {t.render()}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
        {open !== null && (
          <Suspense fallback={null}>
            <EntryDrawer
              id={open}
              onClose={() => setOpen(null)}
              manager={false}
              actions={entryActions}
            />
          </Suspense>
        )}
      </>
    );
  }

  const current = params.get('aba');
  const known = [...TABS, ...extraTabs.map((t) => t.value)];
  const tab = current && known.includes(current) ? current : 'semana';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Agenda"
        description="Programação de campo: quem vai, onde, quando e com qual veículo."
      >
        <Button leftSection={<IconPlus size={18} />} onClick={() => openForm({})}>
          Novo agendamento
        </Button>
      </PageHeader>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== 'semana' ? { aba: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="semana" leftSection={<IconLayoutRows size={16} />}>
              Semana
            </Tabs.Tab>
            <Tabs.Tab value="mes" leftSection={<IconCalendarMonth size={16} />}>
              Mês
            </Tabs.Tab>
            <Tabs.Tab value="minha" leftSection={<IconCalendarUser size={16} />}>
              Minha agenda
            </Tabs.Tab>
            {extraTabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="semana">
            <Suspense fallback={<ListLoading rows={5} />}>
              <WeekTab onOpen={openEntry} onCreate={openForm} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="mes">
            <Suspense fallback={<ListLoading rows={5} />}>
              <MonthCalendar onOpen={openEntry} onCreate={openFormOn} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="minha">
            <MyAgenda manager showTitle={false}>
              {belowMine?.()}
            </MyAgenda>
          </Tabs.Panel>
          {extraTabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              {t.render()}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <Suspense fallback={null}>
        {used.drawer && (
          <EntryDrawer id={open} onClose={() => setOpen(null)} manager actions={entryActions} />
        )}
        {used.form && (
          <EntryFormModal
            opened={draft !== null}
            onClose={() => setDraft(null)}
            draft={draft ?? undefined}
            onSaved={openEntry}
          />
        )}
      </Suspense>
    </Stack>
  );
}
