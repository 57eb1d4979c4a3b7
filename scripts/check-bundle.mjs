// JS budgets checked without a browser, after `npm run build` (a step of `npm test`): the gzip
// size (level 6, as bench/ measures) of what a fresh tab loads for a route, read from the Vite
// build manifest (apps/web/dist/.vite/manifest.json): the entry's static imports, plus the lazy
// modules the route always loads when it opens and their static imports. bench/os-phone.ts
// and bench/browser.ts measure the same in Chromium; this catches a regression in CI.
// A route's `paint` lists the lazy parts its first paint renders for a field role (a `lazy()`
// under a Suspense the screen shows at once): they are requested as soon as the page renders,
// before its content paints, so "1ª pintura" counts them too (with their static imports, from
// the same manifest) against `paintKB`, and they may not load zod either. Each one must be a
// dynamic import of the route's own files in the manifest: a renamed or removed part fails
// here instead of silently dropping out of the count.
// No route listed here may load zod before its first paint (vite.config.ts puts zod alone in
// `zod-core-*.js`): the labels and rules a field page shows come from the domain's *-rules.ts
// modules; a page validates with zod only in what it imports lazily (forms, modals).
// Each file a listed route runs as it opens (entry, shell, page and their static imports, not the
// `paint` parts) must start with V8's compile hint (vite.config.ts, eproto-compile-hints): its
// functions are compiled off the main thread while it downloads, not one by one on the main
// thread at their first call (25-30% of a cold start's main thread, issue 33).
//   node scripts/check-bundle.mjs [dist]     exits 1 when a route is over its budget, loads zod
//                                            or runs a file without the compile hint
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));

/**
 * Lazy modules the signed-in shell always loads when a protected route opens. The realtime sync
 * and the offline prefetch (src/app/layout/shell-idle-work.tsx) load once the main thread is
 * idle after the first paint, so they are not counted here.
 */
const SHELL = ['src/app/layout/app-shell-layout.tsx'];

// Issue 33 sets JS per field route <= 150 KB gzip. The framework every signed-in route loads
// (React + router, Mantine core, TanStack Query, the shell) is ~135 KB of it, so the field
// routes are not there yet: their budgets are what they load now, with a little room, and only
// go down (bench/lighthouse.ts measures the same screens in Chromium, docs/development.md).
// 29/11 (night): the offline prefetch loads once the screen has its data, not with the shell
// (5.1 KB), and the permission table no longer carries its descriptions (permission-notes.ts):
// /login 144.0, OS 189.5, agenda 182.9, Demandas 238.4, EPI 190.3, calendar 259.0, Gantt 354.8.
// Agenda 183.1 with MantineProvider kept out of navigations (root-layout.tsx) and the tabs
// row positioned by an IntersectionObserver (use-selected-tab-in-view.ts): budget 184.
// 30/11 (late): every route +0.1 KB for the API client taking theme-init.js's early GET
// /users/me (lib/early-gets.ts: one round trip less before every signed-in screen); the budgets
// below that the compile hint had left at their figure rose by 0.1-0.2 (/login 145.3: 145.4).
export const ROUTES = [
  // ARCHITECTURE.md: initial JavaScript of /login <= 150 KB gzip (140 KB since issue 33).
  // 143.1 KB on 29/11 after the shared text fields with their counters (components/text-fields),
  // 142.9 KB with react-router's production build, 143.0 KB with the SSO button; 144.1 KB with
  // issue 37's X-Origin and X-Changes in the api client (the handlers load with the first change).
  // 145.2 KB on 30/11 (night) with V8's compile hint atop its 14 files (+0.24 KB; see above and
  // vite.config.ts: the main thread no longer compiles their functions one by one): 145.2.
  // 135.2 KB on 01/12 with the form and its header in plain markup (Mantine's classes, drawn by
  // the stylesheet every page loads: no Input, PasswordInput, text-fields; login-form.tsx): 135.7.
  { route: '/login', budgetKB: 135.7, lazy: ['src/features/auth/pages/login-page.tsx'] },
  // Issue 18 point 8: the JS the technician's OS route loads <= 200 KB gzip. 195.6 KB, budget +1 KB on 29/11 for issue 37's change feed (X-Origin and X-Changes in the api client, 0.7 KB)
  // and the permission table as its own chunk once the Equipe tabs used it too (0.4 KB).
  // 189.7 KB after issue 33's cuts (budget 190); 190.0 KB on 30/11 once the day's change-feed,
  // presence and cost commits landed (app shell 17.4 -> 17.8 KB: 0.1 KB the tabs' in-view
  // IntersectionObserver, 0.3 KB the presence event's reader); 189.8 KB with that reader moved
  // into the presence store's lazy chunk (shell 17.5 KB): budget 190.5.
  // 186.9 KB on 30/11 with the top bar's Avatar, Indicator, Kbd, useHotkeys/useOs and
  // useLocalStorage in plain code and CSS (shell 17.5 -> 14.2 KB): budget 187.5.
  // 185.8 KB on 30/11 (evening) with the realtime sync and the offline prefetch mounted once
  // idle after the first paint (shell-idle-work.tsx) and the bell's merge loaded only with a
  // kept list (shell 13.7 -> 12.2 KB, -1.4 KB on every signed-in route): budget 186.5.
  // 181.0 KB on 30/11 (night) with the code that applies queued steps (os-pending-load.ts) and
  // the "Guardado no aparelho" box (Spoiler, List) loaded only when a step waits, or when idle:
  // budget 181.5.
  {
    route: '/tatico/agenda/os/:id',
    // 181.5 KB on 30/11 (night) with the compile hint on its 18 files (+0.38 KB, /login): 181.6.
    // ~173.4 KB with the tabs and the checklist's text, number and date fields in plain markup
    // and CSS (plain-tabs.tsx, plain-input.tsx: no Tabs, Input family, text-fields) and the
    // date's calendar at the first tap on its button: budget 174. 174.2 KB on 01/12
    // after the night's merges (the push stream's replay for a tab that
    // joins late, realtime.ts, and the kept cache restored on demand: +0.5 KB on every route): 174.4.
    budgetKB: 174.4,
    lazy: [...SHELL, 'src/features/service-orders/pages/service-order-page.tsx'],
    // An OS the technician runs: "Assinar APR" (the button; its dialog loads at the tap) and,
    // on an OS with a vehicle, the km card (checked by the domain's schema, with zod, only at its
    // first "Registrar": os-km-check.ts).
    // 187.3 KB on 30/11 (evening): 188; 182.8 KB on 30/11 (night), as above: 183.3; 183.3 KB
    // with the compile hint on the route's files (+0.3 KB, /login above): 183.4.
    // 177.1 KB with the km card counted too and the plain parts above: 177.5. 177.8 KB on 01/12
    // (the stream's replay and the kept cache, above): 178.
    paint: [
      'src/features/apr-pt/components/os-apr-sign.tsx',
      'src/features/service-orders/components/os-km-card.tsx',
    ],
    paintKB: 178,
  },
  // Minha agenda (equipe): 371 KB before issue 33 (FullCalendar and the gestores' forms);
  // 235.5 KB on 29/11 once the tab "Ativos" and the text-field counters landed beside it;
  // 207.3 KB once the labels came from agenda-rules.ts instead of agenda.ts (zod, 26 KB);
  // 186.9 KB with the conflict tooltip (floating-ui, 21 KB) loaded only for an entry in conflict;
  // 188.1 KB with issue 34's "Ler etiqueta" button on Minha agenda (the camera and decoder load
  // at the tap) and the OS assets in the offline prefetch (so a per-asset checklist opens
  // offline): budget raised by 1 KB for them. 189.1 KB, budget +1 KB on 29/11 for issue 37's change feed (X-Origin and X-Changes in the api client, 0.7 KB)
  // and the permission table as its own chunk once the Equipe tabs used it too (0.4 KB).
  // 179.8 KB on 30/11 with the period switch in CSS (PeriodSegments, not SegmentedControl:
  // 3.7 KB and its forced layouts) and the conflict tooltip loaded at the first hover: 180.5.
  // 176.1 KB with the lighter top bar (above) and "Mostrar canceladas" kept without
  // useLocalStorage: 176.5.
  // 170.6 KB on 30/11 with "Mostrar canceladas" a native switch in CSS (ToggleSwitch, not
  // Mantine's Switch with InlineInput and the Input family); 170.8 KB with main's 0a06755: 171.5.
  // 169.5 KB on 30/11 (evening) with the shell's idle work apart (above): 170. 170.05 KB at
  // c02aa1e; 170.3 KB with the compile hint on its 17 files (+0.28 KB, /login above): 170.4.
  // 170.4 KB on 30/11 (late) with the API client taking theme-init.js's early GET /users/me
  // (lib/early-gets.ts, ~0.1 KB: one round trip less before every signed-in screen): 170.6.
  // 170.8 KB after the night's merges (b1b3b17: the entry status patching the agenda's rows
  // from its answer instead of rereading them, 5bc3190; the shared field modules, 318da0d): 171.
  // 170.6 KB on 01/12 with the cards in plain markup (entry-card.tsx), the map link's URL, the
  // period and the SST release's alert (Alert, List: lazy, rare) apart from the drawer's
  // VisitFacts and EntryDetails: 170.8. 171.2 KB on 01/12
  // after the night's merges (the push stream's replay for a tab that
  // joins late, realtime.ts, and the kept cache restored on demand: +0.5 KB on every route): 171.4.
  {
    route: '/tatico/agenda',
    budgetKB: 171.4,
    lazy: [...SHELL, 'src/app/pages/agenda-page-route.tsx'],
  },
  // Demandas: 321 KB before issue 33 (the "Nova demanda" form and zod); 243.2 KB on 29/11;
  // 244.5 KB, budget +1 KB on 29/11 for issue 37's change feed (X-Origin and X-Changes in the api client, 0.7 KB)
  // and the permission table as its own chunk once the Equipe tabs used it too (0.4 KB).
  // 239.3 KB on 30/11 with finance's "Custos" tab (its label, icon and lazy import; the list and
  // dashboard load when it opens): budget 239.5.
  {
    route: '/eproto/murals',
    // ~236.1 KB with the lighter top bar (30/11, -3.2 KB on every signed-in route): 236.5.
    // 169.3 KB on 30/11 with the pickers (Select, MultiSelect, Collapse, floating-ui) in a chunk
    // fetched while idle on a phone, the wide table only on wide screens, Pagination at a second
    // page and the finance tabs apart; 169.5 KB with main's 0a06755 (route modules first): 170.
    // 168.1 KB on 30/11 (evening) with the shell's idle work apart (OS above): 168.5.
    // 168.5 KB with the compile hint on its 16 files (+0.24 KB, /login above): 168.6.
    // 164.6 KB on 30/11 (night) with the cards' due date written without dayjs (4.3 KB; the
    // folded pickers now load at the tap on "Filtros", not when idle): 165. 165.5 KB on 01/12
    // after the night's merges (the push stream's replay for a tab that
    // joins late, realtime.ts, and the kept cache restored on demand: +0.5 KB on every route): 165.7.
    budgetKB: 165.7,
    lazy: [...SHELL, 'src/app/pages/murals-page-route.tsx'],
  },
  // Meus EPIs (equipe): 332 KB before issue 33 (the gestores' tabs); 265.8 KB on 29/11, 238.1 KB
  // once labels and rules came from epi-rules.ts and requests-rules.ts (no zod), 237.9 KB with
  // react-router's production build, 194.7 KB with the replacement form (Modal, Select) lazy;
  // 196.4 KB, budget +1 KB on 29/11 for issue 37's change feed (X-Origin and X-Changes in the api client, 0.7 KB)
  // and the permission table as its own chunk once the Equipe tabs used it too (0.4 KB).
  // 169.5 KB on 30/11 with the badges' tooltips loaded at the first hover (HintTooltip: Tooltip
  // and floating-ui, 21 KB, no longer on a phone's first load): budget 170.5.
  // 166.4 KB on 30/11 with the lighter top bar: 167. 165.5 KB on 30/11 (evening) with the
  // shell's idle work apart (OS above): 166. 161.9 KB with the gestores' view (alerts, Tabs,
  // Badge, Paper) its own chunk: a field role sees only its own EPIs (epi-manager-view.tsx): 162.3.
  // 162.3 KB on 30/11 (night) with the compile hint on its 16 files (+0.34 KB, /login): 162.4.
  {
    route: '/tatico/epi',
    // 162.505 KB with the OS's plain parts (+0.01 KB on every route: new lazy chunks): 162.6.
    // 162.7 KB on 01/12 with the cards in plain markup (delivery-card.tsx, plain-badge.tsx) and
    // what is under them rendered once they settled and idled (use-after-idle.ts): 162.8.
    // 163.5 KB on 01/12
    // after the night's merges (the push stream's replay for a tab that
    // joins late, realtime.ts, and the kept cache restored on demand: +0.5 KB on every route): 163.7.
    budgetKB: 163.7,
    lazy: [...SHELL, 'src/app/pages/epi-page-route.tsx'],
    // Its first paint was counted with the lazy parts under one's own EPIs (trainings, ASO and
    // CNH; the APRs to sign), 171.5 KB on 30/11 (paintKB 171.7). Since 01/12 they download,
    // ask and render once the cards have settled and the thread idled (MyEpiView's children):
    // the first paint is the route's own 162.7 KB.
  },
  // Gestão de Demandas (/eproto/quadros, office; gestores open it on a phone too): 350.2 KB on
  // 30/11 with its forms and zod, 297.9 KB with the forms lazy; 237.8 KB with zod out (the stage
  // move's dates from stage-dates.ts, the "Recorrentes" panel at its tap), the pickers folded on
  // a phone, the card menu at its tap and dayjs out of the cards: budget 238.3. 238.6 KB
  // on 01/12
  // after the night's merges (the push stream's replay for a tab that
  // joins late, realtime.ts, and the kept cache restored on demand: +0.5 KB on every route): 238.8.
  {
    route: '/eproto/quadros',
    budgetKB: 238.8,
    lazy: [
      ...SHELL,
      'src/app/pages/boards-page-route.tsx',
      'src/app/pages/boards-page-prefetch.ts',
    ],
  },
  // Calendário with FullCalendar (what paints the month): 260.6 KB on 29/11, 266.8 KB with the
  // days off shaded and the "Folgas e feriados" tab (its lists and form load when it opens);
  // 268.1 KB, budget +1 KB on 29/11 for issue 37's change feed in the api client (0.7 KB).
  {
    route: '/eproto/calendar',
    // 256.2 KB on 30/11 with the lighter top bar: 256.5. 255.0 KB on 30/11 (evening) with the
    // shell's idle work apart (OS above): 255.5. 256.2 KB on 01/12
    // after the night's merges (the push stream's replay for a tab that
    // joins late, realtime.ts, and the kept cache restored on demand: +0.5 KB on every route): 256.4.
    budgetKB: 256.4,
    lazy: [
      ...SHELL,
      'src/features/planning/pages/calendar-page.tsx',
      'src/features/planning/calendar/calendar-view.tsx',
    ],
  },
  // Equipe (the team Gantt with SVAR): 350.0 KB on 29/11, 354.8 KB with the days off shaded and
  // the baselines' bars and variance column; 359.6 KB with the tabs "Linha do tempo" / "Carga"
  // (Mantine Tabs, 3.4 KB: the load's charts, recharts, load only when "Carga" opens).
  // 354.9 KB after issue 33's cuts; 355.3 KB on 30/11 with the same shell growth: budget 356.
  // 357.6 KB with the team Gantt's baselines (the chosen one's query, rows and demand variance;
  // the picker, dialog and per-demand lines load lazily once a team is in view): budget 358.
  // ~354.4 KB with the lighter top bar (30/11, -3.2 KB): 355. 352.0 KB on 30/11 (evening) with
  // the shell's idle work apart (OS above): 352.5. 352.8 KB with the compile hint on its 32
  // files (+0.56 KB, /login above): 352.8. 353.5 KB on 01/12
  // after the night's merges (the push stream's replay for a tab that
  // joins late, realtime.ts, and the kept cache restored on demand: +0.5 KB on every route): 353.7.
  {
    route: '/eproto/gantt',
    budgetKB: 353.7,
    lazy: [
      ...SHELL,
      'src/features/planning/pages/gantt-page.tsx',
      'src/features/planning/gantt/gantt-chart.tsx',
    ],
  },
];

/** V8's magic comment that vite.config.ts puts at the top of the chunks a route opens with. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunk vite.config.ts makes of zod, which no route listed above may load at first. */
const ZOD_CHUNK = /(^|\/)zod-core-[^/]*\.js$/;

/** Files (and their gzip sizes) a route loads, from the manifest's import graph. */
export function routeFiles(manifest, lazy, read) {
  const seen = new Map();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} não está no manifesto do build`);
    if (seen.has(chunk.file)) return;
    seen.set(chunk.file, gzipSync(read(chunk.file), { level: 6 }).length);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of ['index.html', ...lazy]) visit(key);
  return [...seen].map(([file, gzip]) => ({ file, gzip })).sort((a, b) => b.gzip - a.gzip);
}

/**
 * The JavaScript a tab opened on `route` runs as it starts: the entry's files and those that
 * index.html's route map (vite.config.ts, eproto-route-preload) preloads for the route.
 */
function openingFiles(manifest, html, route) {
  const json = html.match(/<script type="application\/json" id="route-chunks">(.*?)<\/script>/s);
  if (!json)
    throw new Error('index.html sem o mapa de rotas (vite.config.ts, eproto-route-preload)');
  const map = JSON.parse(json[1]);
  const sample = route.replace(/:[^/]+/g, '1');
  const entry = map.routes.find(([regex]) => new RegExp(regex).test(sample));
  if (!entry) throw new Error(`${route} não está no mapa de rotas de index.html`);
  const files = [
    ...routeFiles(manifest, [], () => Buffer.alloc(0)).map((f) => f.file),
    ...entry[1].map((i) => map.files[i]),
  ];
  return files.filter((f) => f.endsWith('.js'));
}

/** Whether `key` is a dynamic import of one of the route's files (the chunks in `files`). */
function dynamicallyImported(manifest, files, key) {
  const routeChunks = new Set(files.map((f) => f.file));
  return Object.values(manifest).some(
    (chunk) => routeChunks.has(chunk.file) && (chunk.dynamicImports ?? []).includes(key),
  );
}

function main() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.error(`Sem ${manifestPath}: rode \`npm run build\` antes.`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const read = (file) => fs.readFileSync(path.join(dist, file));
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // The file and the .gz/.br beside it that the server sends instead (the same code).
  const hinted = (file) =>
    [
      [file, (b) => b],
      [`${file}.gz`, gunzipSync],
      [`${file}.br`, brotliDecompressSync],
    ].every(
      ([name, unpack]) =>
        !fs.existsSync(path.join(dist, name)) ||
        unpack(read(name)).toString('utf8', 0, COMPILE_HINT.length) === COMPILE_HINT,
    );
  if (!Object.values(manifest).some((c) => ZOD_CHUNK.test(c.file))) {
    console.error('O build não tem o chunk zod-core-*.js (vite.config.ts, grupo zod-core).');
    process.exit(1);
  }
  let over = false;
  const check = (label, files, budget) => {
    const kb = files.reduce((n, f) => n + f.gzip, 0) / 1024;
    const zod = files.find((f) => ZOD_CHUNK.test(f.file));
    const ok = kb <= budget && !zod;
    over ||= !ok;
    console.log(
      `${ok ? '✔' : '✖'} ${label}: ${kb.toFixed(1)} KB de JS (gzip) em ${files.length} arquivos; meta ≤ ${budget} KB`,
    );
    if (zod)
      console.log(
        `    carrega o zod (${zod.file}) antes de pintar: importe rótulos e regras de *-rules.ts do domínio e os esquemas só no que é lazy`,
      );
    if (!ok) {
      for (const f of files.slice(0, 12))
        console.log(`    ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
    }
  };
  for (const { route, budgetKB, lazy, paint, paintKB } of ROUTES) {
    const files = routeFiles(manifest, lazy, read);
    check(route, files, budgetKB);
    const unhinted = openingFiles(manifest, html, route).filter((file) => !hinted(file));
    if (unhinted.length) {
      console.log(
        `✖ ${route}: sem a dica de compilação do V8 (vite.config.ts, eproto-compile-hints): ${unhinted.join(', ')}`,
      );
      over = true;
    }
    if (!paint) continue;
    const missing = paint.filter((key) => !dynamicallyImported(manifest, files, key));
    if (missing.length) {
      console.log(`✖ ${route}: ${missing.join(', ')} não é import dinâmico dos arquivos da rota`);
      over = true;
      continue;
    }
    check(
      `${route} (1ª pintura, com ${paint.length} parte(s) lazy)`,
      routeFiles(manifest, [...lazy, ...paint], read),
      paintKB,
    );
  }
  if (over) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
