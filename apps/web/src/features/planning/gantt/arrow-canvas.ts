import type { IApi } from '@svar-ui/react-gantt';
import { type RefObject, useEffect } from 'react';

import {
  buildArrowLines,
  linesInView,
  type ArrowLines,
  type LaidOutLink,
  type LinePainter,
  type View,
} from './arrow-lines.ts';

export interface ArrowColours {
  normal: string;
  critical: string;
}

/** The 2D-context calls the painter uses (a real canvas, or a recorder in tests). */
export type ArrowPen = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'closePath' | 'stroke' | 'clearRect' | 'setTransform'
> & { strokeStyle: unknown; lineWidth: number; lineCap: CanvasLineCap };

/** Links whose box crosses the view. */
export function visibleLinks(links: readonly LaidOutLink[], view: View): LaidOutLink[] {
  const right = view.left + view.width;
  const bottom = view.top + view.height;
  return links.filter(
    (l) =>
      l.$p !== '' && l.$x2 >= view.left && l.$x1 <= right && l.$y2 >= view.top && l.$y1 <= bottom,
  );
}

/** The arrows' lines, plain and critical apart (critical ones are painted on top). */
export interface ArrowLayers {
  plain: ArrowLines;
  critical: ArrowLines;
}

export function arrowLayers(
  links: readonly LaidOutLink[],
  critical: ReadonlySet<string>,
): ArrowLayers {
  const hot = links.filter((l) => critical.has(String(l.id)));
  const plain = hot.length === 0 ? links : links.filter((l) => !critical.has(String(l.id)));
  return { plain: buildArrowLines(plain), critical: buildArrowLines(hot) };
}

/**
 * Paints the arrows in view onto a canvas the size of the view: one stroke for the plain arrows,
 * then one for the critical ones. Runs have square ends so orthogonal corners meet.
 */
export function paintArrows(
  pen: ArrowPen,
  layers: ArrowLayers,
  view: View,
  colours: ArrowColours,
  pixelRatio: number,
) {
  pen.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  pen.clearRect(0, 0, view.width, view.height);
  pen.lineWidth = 2;
  pen.lineCap = 'square';
  const painter: LinePainter = {
    line(x1, y1, x2, y2) {
      pen.moveTo(x1, y1);
      pen.lineTo(x2, y2);
    },
    head(tx, ty, ax, ay, bx, by) {
      pen.moveTo(tx, ty);
      pen.lineTo(ax, ay);
      pen.lineTo(bx, by);
      pen.closePath();
    },
  };
  for (const [lines, colour] of [
    [layers.plain, colours.normal],
    [layers.critical, colours.critical],
  ] as const) {
    pen.strokeStyle = colour;
    pen.beginPath();
    linesInView(lines, view, painter);
    pen.stroke();
  }
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

/** Links that change again within this time are being dragged. */
const SETTLE_MS = 250;

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
 * arrows change on every scroll step, so the browser re-rasterised every long line across the
 * view for each frame, many of them over the same pixels; the canvas paints the merged runs in
 * view (arrow-lines.ts) and leaves the bars' tiles alone. Positions come from SVAR's own layout
 * (`_links`), so arrows follow bars while they are dragged. The canvas carries the number of
 * arrows that cross the view in `data-arrows`.
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
    let lastLinks: LaidOutLink[] | undefined;
    let layers: ArrowLayers | undefined;
    // A drag re-lays out the links on every step: while they keep changing, only the arrows in
    // view are indexed (per frame); the whole chart's index is rebuilt once they settle.
    let changedAt = -Infinity;
    let moving = false;
    let settle: ReturnType<typeof setTimeout> | undefined;

    const draw = () => {
      frame = 0;
      const chart = root.querySelector<HTMLElement>('.wx-chart');
      const area = chart?.querySelector<HTMLElement>('.wx-area');
      if (!chart || !area) return;
      if (canvas.parentElement !== area) {
        area.insertBefore(canvas, area.querySelector('.wx-bars'));
        drawn = '';
      }
      // read inside the chart: SVAR's theme element (below the root) defines the link colour
      colours ??= {
        normal: resolveColour(area, '--wx-gantt-link-color'),
        critical: resolveColour(area, '--eproto-critical'),
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
      if (links !== lastLinks && lastLinks) {
        const now = performance.now();
        moving = now - changedAt < SETTLE_MS;
        changedAt = now;
        layers = undefined;
        clearTimeout(settle);
        if (moving) {
          settle = setTimeout(() => {
            moving = false;
            drawn = '';
            schedule();
          }, SETTLE_MS);
        }
      }
      if (!moving) layers ??= arrowLayers(links, marked);
      if (canvas.width !== Math.round(view.width * ratio)) {
        canvas.width = Math.round(view.width * ratio);
        canvas.style.width = `${view.width}px`;
      }
      if (canvas.height !== Math.round(view.height * ratio)) {
        canvas.height = Math.round(view.height * ratio);
        canvas.style.height = `${view.height}px`;
      }
      canvas.style.transform = `translate(${view.left}px, ${view.top}px)`;
      const inView = visibleLinks(links, view);
      paintArrows(pen, layers ?? arrowLayers(inView, marked), view, colours, ratio);
      const count = inView.length;
      if (count !== painted) canvas.dataset.arrows = String((painted = count));
      drawn = key;
      lastLinks = links;
      // the chart's scroll offset may still move this frame (SVAR syncs it from a React effect)
      schedule();
    };
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
      clearTimeout(settle);
      if (typeof unsubscribe === 'function') unsubscribe();
      root.removeEventListener('scroll', schedule, { capture: true });
      resize.disconnect();
      canvas.remove();
    };
  }, [box, api, critical, showCritical, scheme]);
}
