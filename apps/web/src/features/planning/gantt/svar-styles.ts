import svarCss from '@svar-ui/react-gantt/all.css?inline';

const STYLE_ID = 'eproto-svar-gantt-css';

/** SVAR's stylesheet without its @font-face rules (they point to a CDN our CSP blocks). */
export function withoutFontFaces(css: string): string {
  return css.replace(/@font-face\s*\{[^}]*\}/g, '');
}

/**
 * Adds SVAR's styles to the page once, before the app's own sheets so ours win ties. Loaded
 * with the Gantt chunk only; imported as text because its font declarations would make the
 * browser fetch Roboto (also in Mantine's font stack) from SVAR's CDN on every page.
 */
export function ensureSvarStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const el = document.createElement('style');
  el.id = STYLE_ID;
  el.textContent = withoutFontFaces(svarCss);
  document.head.prepend(el);
}
