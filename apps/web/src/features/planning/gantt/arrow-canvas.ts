import type { IApi } from '@svar-ui/react-gantt';
import { type RefObject, useEffect } from 'react';

/** What SVAR's store keeps for each laid-out link (chart coordinates, in CSS pixels). */
export interface LaidOutLink {
  id: number | string;
  /** Polyline with its arrowhead: "x,y,x,y,..."; empty when an end is not drawn. */
  $p: string;
  $x1: number;
  $x2: number;
  $y1: number;
  $y2: number;
}

/** The part of the chart on screen, in chart coordinates. */
export interface View {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ArrowColours {
  normal: string;
  critical: string;
}

/** The 2D-context calls the painter uses (a real canvas, or a recorder in tests). */
export type ArrowPen = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'stroke' | 'clearRect' | 'setTransform'
> & { strokeStyle: unknown; lineWidth: number };

/** Links whose box crosses the view. */
export function visibleLinks(links: readonly LaidOutLink[], view: View): LaidOutLink[] {
  const right = view.left + view.width;
  const bottom = view.top + view.height;
  return links.filter(
    (l) =>
      l.$p !== '' && l.$x2 >= view.left && l.$x1 <= right && l.$y2 >= view.top && l.$y1 <= bottom,
  );
}

/** Parsed polylines, kept while SVAR keeps a link's path (it rewrites `$p` when a bar moves). */
const parsed = new WeakMap<LaidOutLink, { path: string; points: Float64Array }>();

function pointsOf(link: LaidOutLink): Float64Array {
  const hit = parsed.get(link);
  if (hit?.path === link.$p) return hit.points;
  const points = Float64Array.from(link.$p.split(','), Number);
  parsed.set(link, { path: link.$p, points });
  return points;
}

function trace(pen: ArrowPen, link: LaidOutLink, view: View) {
  const n = pointsOf(link);
  pen.moveTo(n[0]! - view.left, n[1]! - view.top);
  for (let i = 2; i + 1 < n.length; i += 2) pen.lineTo(n[i]! - view.left, n[i + 1]! - view.top);
}

/**
 * Paints the arrows in view onto a canvas the size of the view: one stroke for the plain arrows,
 * then one for the critical ones (on top). Returns how many arrows were painted.
 */
export function paintArrows(
  pen: ArrowPen,
  links: readonly LaidOutLink[],
  view: View,
  critical: ReadonlySet<string>,
  colours: ArrowColours,
  pixelRatio: number,
): number {
  pen.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  pen.clearRect(0, 0, view.width, view.height);
  const shown = visibleLinks(links, view);
  const hot = shown.filter((l) => critical.has(String(l.id)));
  const plain = hot.length === 0 ? shown : shown.filter((l) => !critical.has(String(l.id)));
  pen.lineWidth = 2;
  for (const [list, colour] of [
    [plain, colours.normal],
    [hot, colours.critical],
  ] as const) {
    if (list.length === 0) continue;
    pen.strokeStyle = colour;
    pen.beginPath();
    for (const l of list) trace(pen, l, view);
    pen.stroke();
  }
  return shown.length;
}

/** A colour from a CSS custom property of `el`, resolved by the browser (rgb()). */
function resolveColour(el: HTMLElement, variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  probe.style.display = 'none';
  el.appendChild(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

interface ArrowLayerOptions {
  api: IApi | undefined;
  /** Ids (as strings) of the arrows on the critical path. */
  critical: ReadonlySet<string>;
  /** Paint critical arrows in their own colour. */
  showCritical: boolean;
  /** Changes when the colour scheme does (colours are read again). */
  scheme: string;
}

/**
 * Draws the Gantt's dependency arrows on a canvas the size of the visible chart, under the bars,
 * instead of SVAR's SVG (hidden in gantt.css). The SVG is as tall as the whole chart and its
 * arrows change on every scroll step, so the browser re-rasterised long lines across the view
 * for each frame; a canvas redraws only the few arrows in view and leaves the bars' tiles alone.
 * Positions come from SVAR's own layout (`_links`), so arrows follow bars while they are dragged.
 * The canvas carries the number of arrows painted in `data-arrows`.
 */
export function useArrowCanvas(box: RefObject<HTMLElement | null>, options: ArrowLayerOptions) {
  const { api, critical, showCritical, scheme } = options;
  useEffect(() => {
    const root = box.current;
    if (!root || !api) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'eproto-arrows';
    canvas.setAttribute('aria-hidden', 'true');
    const pen = canvas.getContext('2d');
    if (!pen) return;
    const marked = showCritical ? critical : new Set<string>();
    let colours: ArrowColours | undefined;
    let frame = 0;
    let drawn = '';
    let painted = -1;

    const draw = () => {
      frame = 0;
      const chart = root.querySelector<HTMLElement>('.wx-chart');
      const area = chart?.querySelector<HTMLElement>('.wx-area');
      if (!chart || !area) return;
      if (canvas.parentElement !== area) {
        area.insertBefore(canvas, area.querySelector('.wx-bars'));
        drawn = '';
      }
      colours ??= {
        normal: resolveColour(root, '--wx-gantt-link-color'),
        critical: resolveColour(root, '--eproto-critical'),
      };
      const links = (api.getState() as unknown as { _links?: LaidOutLink[] })._links ?? [];
      const view: View = {
        left: chart.scrollLeft,
        top: chart.scrollTop,
        width: chart.clientWidth,
        height: Math.max(0, chart.clientHeight - area.offsetTop),
      };
      const ratio = window.devicePixelRatio || 1;
      const key = `${view.left},${view.top},${view.width},${view.height},${ratio}`;
      if (key === drawn && links === lastLinks) return;
      if (canvas.width !== Math.round(view.width * ratio)) {
        canvas.width = Math.round(view.width * ratio);
        canvas.style.width = `${view.width}px`;
      }
      if (canvas.height !== Math.round(view.height * ratio)) {
        canvas.height = Math.round(view.height * ratio);
        canvas.style.height = `${view.height}px`;
      }
      canvas.style.transform = `translate(${view.left}px, ${view.top}px)`;
      const count = paintArrows(pen, links, view, marked, colours, ratio);
      if (count !== painted) canvas.dataset.arrows = String((painted = count));
      drawn = key;
      lastLinks = links;
      // the chart's scroll offset may still move this frame (SVAR syncs it from a React effect)
      schedule();
    };
    let lastLinks: LaidOutLink[] | undefined;
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };

    const state = api.getReactiveState() as unknown as {
      _links: { subscribe: (fn: () => void) => (() => void) | void };
    };
    const unsubscribe = state._links.subscribe(schedule);
    root.addEventListener('scroll', schedule, { capture: true, passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(root);
    schedule();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      if (typeof unsubscribe === 'function') unsubscribe();
      root.removeEventListener('scroll', schedule, { capture: true });
      resize.disconnect();
      canvas.remove();
    };
  }, [box, api, critical, showCritical, scheme]);
}
