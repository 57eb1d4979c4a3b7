import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { ROUTE_ACCESS, type Role } from '@eproto/domain';
import { login, signIn } from './support/auth.ts';
import { PHONE as PHONE_DEVICE, shot, useTheme } from './support/devices.ts';
import { smallTargets } from './support/touch-targets.ts';

// One demo account per canonical role, to open every page of the access table. The walk only
// reads the demo data (and opens dialogs without saving); specs that write use people of their own.
const ACCOUNT: Record<Role, string> = {
  ti: 'ti@eproto.test',
  administrador: 'administrador@eproto.test',
  financeiro: 'financeiro@eproto.test',
  coordenador: 'coordenador@eproto.test',
  gerente: 'gerente@eproto.test',
  diretoria: 'diretor@eproto.test',
  equipe: 'equipe@eproto.test',
};

// Independent tests: spread over both workers of the e2e run. Each walks several pages or states
// and runs axe on each (seconds apiece on a busy machine): two minutes, not the default 30 s.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const PHONE = 390;
const THEMES = ['dark', 'light'] as const;

/** The rules checked: WCAG 2 A and AA, as axe tags them. */
const WCAG = ['wcag2a', 'wcag2aa'];

/**
 * axe-core's script, minified, from where @axe-core/playwright finds it (its own dependency).
 * AxeBuilder.analyze() evaluates the 1.5 MB unminified script twice and, outside legacy mode,
 * finishes every run in a new blank page: 8–11 s per check on a loaded machine, against ~1 s for
 * axe.run on a page that already has the script and 0.7 s to add it once per page load
 * (docs/performance.md, "A suíte do CI").
 */
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe's WCAG violations on the page as it is now (the script is added once per document). */
async function axeViolations(page: Page): Promise<Violation[]> {
  // A page with frames (none today) goes through AxeBuilder, which also looks inside them.
  if (page.frames().length > 1) {
    return (await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations;
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
    };
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
  }, WCAG);
}

async function seriousViolations(page: Page) {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** Waits until the page shows its content: a heading, no skeleton, loader or running transition. */
async function waitForContent(page: Page, where: string) {
  // The push stream keeps a connection open, so "network idle" never comes. Up to 30 s: on a
  // machine loaded far past its two cores the first list after signing in took over 15 s (the
  // failure's screenshot showed it loaded); the test's own limit covers it.
  await expect(
    page.locator(':is(main, body) :is(h1, h2, h3, [role="alert"])').first(),
    where,
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page.locator(
      '[aria-busy="true"], .mantine-Skeleton-root[data-visible], main .mantine-Loader-root',
    ),
    where,
  ).toHaveCount(0, { timeout: 30_000 });
  await waitForAnimations(page);
}

/** Fades and slides would be measured half-way by the contrast check. */
function waitForAnimations(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * Opens `path` at 1440 px and yields 1440, then, the same page narrowed to a phone's width, 390:
 * one load for both checks (each load with its waits and axe's script was most of a check's
 * time). The layout follows the width as it changes (media queries, Mantine's useMediaQuery);
 * the phone's own first load, with touch, is walked by the touch-target test below.
 */
async function* openAtBothWidths(page: Page, path: string): AsyncGenerator<number> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(path);
  yield 1440;
  await page.setViewportSize({ width: PHONE, height: 900 });
  // Two frames: the media queries' change events and the renders they cause have run.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  yield PHONE;
}

/**
 * Signs in (through the API: the login page is walked by the public pages' test) with the theme
 * and the screen width of a check; the test then opens its first page.
 */
async function signInAs(
  page: Page,
  account: string,
  theme: (typeof THEMES)[number],
  width: number,
) {
  await useTheme(page, theme);
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, account);
}

/** Collects the serious violations of each state a test reaches; asserts none at the end. */
function violationLog(page: Page) {
  const failures: string[] = [];
  return {
    record: async (what: string) => {
      for (const v of await seriousViolations(page)) failures.push(`${what}: ${v}`);
    },
    expectNone: () => expect(failures, failures.join('\n')).toEqual([]),
  };
}

/** Pages whose demo records may not exist yet (see firstId). */
const OPTIONAL_DEMO = new Set(['/tatico/agenda/os/:id', '/tatico/agenda/ativos/:id']);

/**
 * A real id the signed-in person can open, read from the same calls the list pages use: the
 * lowest, i.e. demo data seeded at start, which no spec changes (specs that write create their
 * own people and data), rather than the first of a list other specs may be adding to.
 */
async function firstId(page: Page, path: string): Promise<string | null> {
  const source: Record<string, string> = {
    '/ti/help/:id': '/api/support/tickets',
    '/eproto/murals/:id': '/api/eproto/murals/summary',
    '/eproto/protocols/:id': '/api/eproto/protocols',
    '/tatico/agenda/os/:id': '/api/tatico/os',
    '/tatico/agenda/ativos/:id': '/api/tatico/ativos',
  };
  const url = source[path];
  if (!url) throw new Error(`Sem fonte de id para ${path}`);
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  const body = (await res.json()) as { id: number }[] | { items: { id: number }[] };
  const ids = (Array.isArray(body) ? body : body.items).map((x) => x.id);
  // Demo service orders come with issue 18's demo data; until then the OS page is walked by
  // e2e/service-orders.spec.ts only.
  if (ids.length === 0 && OPTIONAL_DEMO.has(path)) return null;
  expect(ids.length, `${url} sem itens`).toBeGreaterThan(0);
  return path.replace(':id', String(Math.min(...ids)));
}

test('public pages have no serious accessibility violation, nothing wider than a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    for (const width of [1440, PHONE]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        '/login',
        '/reset',
        '/reset-password?token=x',
        '/accept-invite?token=x',
      ]) {
        const where = `${theme} ${width}px ${path}`;
        await page.goto(path);
        await waitForContent(page, where);
        expect(await seriousViolations(page), where).toEqual([]);
        if (width === PHONE) {
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            where,
          ).toBeLessThanOrEqual(PHONE);
        }
      }
    }
  }
});

// Each route is opened by the first role of this order that may see it; a few pages look
// different for other roles, so those roles open them too.
const ORDER: Role[] = [
  'gerente',
  'ti',
  'equipe',
  'diretoria',
  'coordenador',
  'administrador',
  'financeiro',
];
const byRole = new Map<Role, string[]>();
for (const r of ROUTE_ACCESS) {
  const role = ORDER.find((x) => r.roles.includes(x))!;
  byRole.set(role, [...(byRole.get(role) ?? []), r.path]);
}
byRole.set('equipe', [
  '/eproto/murals',
  '/eproto/murals/:id',
  '/tatico/epi',
  '/tatico/agenda',
  '/eproto/gantt',
]);
byRole.set('financeiro', ['/eproto/murals', '/eproto/murals/:id', '/ti/help']);
// The "Carga" tab of Equipe (charts: axis and legend text in both themes).
byRole.get('gerente')!.push('/eproto/gantt?aba=carga');
byRole.set('coordenador', ['/eproto/gantt', '/eproto/quadros']);

// A walk of more than 12 pages (gerente's 23) goes in two halves, so both workers end together.
const WALKS: [string, Role, string[]][] = [];
for (const [role, paths] of byRole) {
  const half = Math.ceil(paths.length / 2);
  if (paths.length <= 12) WALKS.push([role, role, paths]);
  else {
    WALKS.push([`${role} (1/2)`, role, paths.slice(0, half)]);
    WALKS.push([`${role} (2/2)`, role, paths.slice(half)]);
  }
}

for (const theme of THEMES) {
  for (const [name, role, paths] of WALKS) {
    test(`pages of ${name} in the ${theme} theme: no serious accessibility violation, nothing wider than a phone`, async ({
      page,
    }) => {
      test.setTimeout(60_000 + paths.length * 20_000);
      await useTheme(page, theme);
      await signIn(page, ACCOUNT[role]);
      const failures: string[] = [];
      for (const pattern of paths) {
        const path = pattern.includes(':id') ? await firstId(page, pattern) : pattern;
        if (path === null) continue;
        for await (const width of openAtBothWidths(page, path)) {
          const where = `${width}px ${path}`;
          await waitForContent(page, where);
          await expect(page).not.toHaveURL(/\/login$/);
          for (const v of await seriousViolations(page)) failures.push(`${where}: ${v}`);
          if (width !== PHONE) continue;
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > PHONE) failures.push(`${where}: page is ${scrollWidth}px wide`);
          // Screenshots to look at with the eyes: a page can pass every rule and still be cramped.
          await shot(page, {
            path: test.info().outputPath(`${theme}-${role}${path.replaceAll('/', '_')}.png`),
            fullPage: true,
          });
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
}

// Overlays of the shell open on every page: the phone menu drawer, the bell and the account menu.
for (const theme of THEMES) {
  test(`menus and popups of the shell in the ${theme} theme have no serious accessibility violation`, async ({
    page,
  }) => {
    await signInAs(page, ACCOUNT.gerente, theme, PHONE);
    await page.goto('/');
    await waitForContent(page, 'landing');
    const log = violationLog(page);
    const check = async (what: string, open: () => Promise<void>) => {
      await open();
      await waitForContent(page, what);
      await log.record(what);
      await page.keyboard.press('Escape');
    };
    await check('menu drawer', async () => {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await check('bell', async () => {
      await page.getByRole('button', { name: /^Avisos/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
    await check('account menu', async () => {
      await page.getByRole('button', { name: /^Conta de / }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
    log.expectNone();
  });
}

// The "new …" dialogs, submitted empty: their field errors must be readable too (they were
// Mantine's red-6/red-8, under 4.5:1 on the cards).
const DIALOGS: [string, string][] = [
  ['/eproto/quadros', 'Nova demanda'],
  ['/eproto/protocols', 'Nova tarefa'],
  ['/tatico/frota', 'Novo veículo'],
  ['/solicitacoes', 'Nova solicitação'],
  ['/ti/help', 'Novo chamado'],
];
for (const theme of THEMES) {
  test(`dialogs with field errors in the ${theme} theme have no serious accessibility violation`, async ({
    page,
  }) => {
    await signInAs(page, ACCOUNT.gerente, theme, PHONE);
    const log = violationLog(page);
    for (const [path, name] of DIALOGS) {
      await page.goto(path);
      await waitForContent(page, path);
      await page.getByRole('button', { name }).first().click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.locator('button[type="submit"]').last().click();
      await expect(dialog.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await waitForContent(page, name);
      await log.record(name);
    }
    log.expectNone();
  });
}

// Views a page switches to after it opens: the task kanban (cards holding a link and a menu)
// and the agenda's month calendar (events coloured by status, with white text).
const VIEWS: [string, string][] = [
  ['/eproto/protocols', 'Kanban'],
  ['/tatico/agenda', 'Mês'],
];
for (const theme of THEMES) {
  test(`switched views in the ${theme} theme have no serious accessibility violation`, async ({
    page,
  }) => {
    await signInAs(page, ACCOUNT.gerente, theme, 1440);
    const log = violationLog(page);
    for (const [path, view] of VIEWS) {
      await page.goto(path);
      await waitForContent(page, path);
      // a tab, or an option of a segmented control
      const main = page.getByRole('main');
      const tab = main.getByRole('tab', { name: view, exact: true });
      if ((await tab.count()) > 0) await tab.first().click();
      else await main.locator('.mantine-SegmentedControl-label').filter({ hasText: view }).click();
      await waitForContent(page, view);
      await log.record(`${path} ${view}`);
    }
    log.expectNone();
  });
}

// Overlays opened from a page: the EPI delivery form (a searchable select opened its list on
// focus), the demand edit form (clear buttons without a name) and a user's actions menu
// (red and teal items, a hovered row with dimmed text).
for (const theme of THEMES) {
  test(`overlays opened from pages in the ${theme} theme have no serious accessibility violation`, async ({
    page,
  }) => {
    await signInAs(page, ACCOUNT.gerente, theme, 1440);
    const log = violationLog(page);
    const check = async (what: string) => {
      await waitForContent(page, what);
      await log.record(what);
    };
    await page.goto('/tatico/epi');
    await waitForContent(page, '/tatico/epi');
    await page.getByRole('button', { name: 'Entregar EPI' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Entregar EPI' })).toBeVisible();
    await check('Entregar EPI');
    await page.goto((await firstId(page, '/eproto/murals/:id'))!);
    await waitForContent(page, 'demanda');
    await page.getByRole('button', { name: 'Editar', exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('Editar demanda');
    // Another person in the same tab: through the form, which also drops the data the app
    // kept for the one before (an API sign-in here left /users reloading itself).
    await page.context().clearCookies();
    await login(page, ACCOUNT.ti);
    await page.goto('/users');
    await waitForContent(page, '/users');
    await page
      .getByRole('button', { name: /^Ações/ })
      .first()
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await check('menu de usuário');
    log.expectNone();
  });
}

// Content that appears after a step: a chat thread with one's own messages (times on blue) and
// an assistant answer (links inside sentences).
for (const theme of THEMES) {
  test(`a chat thread and an assistant answer in the ${theme} theme have no serious accessibility violation`, async ({
    page,
  }) => {
    await signInAs(page, ACCOUNT.equipe, theme, PHONE);
    const log = violationLog(page);
    await page.goto('/operacional/chat');
    await waitForContent(page, '/operacional/chat');
    await page.getByText('Marcos Ribeiro').first().click();
    await expect(page.locator('[data-mine]').first()).toBeVisible();
    // the thread has no heading on a phone: wait for its slide-in to end
    await waitForAnimations(page);
    await log.record('conversa');
    await page.goto('/ai/assistente');
    await waitForContent(page, '/ai/assistente');
    await page.getByRole('button', { name: 'O que tenho para hoje?' }).first().click();
    await expect(page.getByText(' · modo offline').first()).toBeVisible({ timeout: 15_000 });
    await waitForContent(page, 'resposta');
    await log.record('resposta');
    log.expectNone();
  });
}

// Touch targets on a phone (WCAG 2.5.5): every visible interactive element of every page of a
// field worker and of a gestor, on a touch screen, is at least 44 px wide and tall, or takes a
// tap in a 44 px square around it. The shell's menu drawer too.
test.describe('on a touch phone', () => {
  test.use(PHONE_DEVICE);
  const PAGES: Partial<Record<Role, string[]>> = {
    equipe: ROUTE_ACCESS.filter((r) => r.roles.includes('equipe')).map((r) => r.path),
    gerente: ROUTE_ACCESS.filter((r) => r.roles.includes('gerente')).map((r) => r.path),
  };
  for (const [role, paths] of Object.entries(PAGES) as [Role, string[]][]) {
    test(`pages of ${role}: every target is at least 44 px`, async ({ page }) => {
      test.setTimeout(60_000 + paths.length * 10_000);
      await login(page, ACCOUNT[role]);
      // The welcome toast stays out of the top third of the screen (title bar, drawer headers).
      const toast = page.locator('.mantine-Notification-root', {
        hasText: 'Login realizado com sucesso!',
      });
      expect.soft((await toast.boundingBox())!.y, 'toast').toBeGreaterThanOrEqual(844 / 3);
      const failures: string[] = [];
      for (const pattern of paths) {
        const path = pattern.includes(':id') ? await firstId(page, pattern) : pattern;
        if (path === null) continue;
        await page.goto(path);
        await waitForContent(page, path);
        for (const t of await smallTargets(page)) failures.push(`${path}: ${t}`);
      }
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await waitForAnimations(page);
      for (const t of await smallTargets(page)) failures.push(`menu: ${t}`);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
