import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app.tsx';
import { openedModules } from './app/app-routes.tsx';
import { keepCaretWithFocus } from './lib/double-tap-focus.ts';
import { whenIdle } from './lib/idle.ts';
import { restoreKeptCache, restoreRestOfKeptCache } from './lib/offline/query-persistence.ts';
import { queryClient } from './lib/query-client.ts';

// The entry and what it imports have been evaluated (bench/warm.ts reads the marks).
performance.mark('eproto:entry');

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado.');

keepCaretWithFocus(document);

/** Longest wait for the kept cache and the opened page's modules before rendering anyway. */
const BOOT_WAIT_MS = 2_000;

// The first render waits for the kept query cache (IndexedDB, read since theme-init.js) and,
// when the service worker serves the scripts (a second visit), for the modules of the page
// being opened: the screen then renders once, with its data, instead of an empty guard, a
// Suspense fallback and a retry that React renders in 5 ms slices (issue 33: most of the
// second visit on a 4x slower CPU). A first visit does not wait for the modules: its scripts
// come from the network, and the session check that the first render starts must not wait for
// them (their download starts here all the same).
const modules = openedModules();
modules.catch(() => undefined); // a failed download is reported when the page renders
const warm = !!navigator.serviceWorker?.controller;
const restored = restoreKeptCache(queryClient).then(() => performance.mark('eproto:restored'));
void modules.then(() => performance.mark('eproto:modules'));
const ready = Promise.all([restored, warm ? modules : undefined]).catch(() => undefined);
await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS))]);
performance.mark('eproto:ready');

const root = createRoot(container);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A first visit renders as a transition: React renders it in 5 ms slices and lets the browser
// run between them, instead of one task as long as the whole tree's render (the shell,
// Mantine's provider and the page: 150-650 ms on a 4x slower phone, most of /login's Total
// Blocking Time; issue 33). Only the commit (the DOM insertion) stays one task.
// A second visit renders at once: its data and modules are already here, and slices only
// stretch the render (each yield lets the service worker's and IndexedDB's callbacks in, and
// an urgent update arriving meanwhile starts the whole transition over).
if (warm) root.render(app);
else startTransition(() => root.render(app));
// The kept queries the opened screen did not ask for (other screens' data, kept for offline).
whenIdle(() => restoreRestOfKeptCache(queryClient));
