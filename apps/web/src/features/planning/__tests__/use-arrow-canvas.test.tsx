import '../../../test/setup-dom.ts';

import type { IApi } from '@svar-ui/react-gantt';
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useArrowCanvas } from '../gantt/arrow-canvas.ts';
import type { LaidOutLink } from '../gantt/arrow-lines.ts';

/** SVAR's store as the hook sees it: `_links` to read and to subscribe to. */
function fakeApi(initial: LaidOutLink[]) {
  let links = initial;
  const listeners = new Set<() => void>();
  const api = {
    getState: () => ({ _links: links }),
    getReactiveState: () => ({
      _links: {
        subscribe: (fn: () => void) => {
          listeners.add(fn);
          fn();
          return () => listeners.delete(fn);
        },
      },
    }),
  } as unknown as IApi;
  const relayout = (next: LaidOutLink[]) => {
    links = next;
    for (const fn of listeners) fn();
  };
  return { api, relayout, listeners };
}

const arrow = (id: number, y: number): LaidOutLink => ({
  id,
  $p: `10,${y},30,${y},30,${y + 40},50,${y + 40}`,
  $x1: 10,
  $x2: 50,
  $y1: y,
  $y2: y + 40,
});

/** The part of SVAR's DOM the hook looks for: chart (scroller) > area > bars. */
function Chart({ api, critical }: { api: IApi; critical: Set<string> }) {
  const box = useRef<HTMLDivElement>(null);
  useArrowCanvas(box, { api, critical, showCritical: true, scheme: 'light' });
  return (
    <div ref={box}>
      <div className="wx-chart">
        <div className="wx-area">
          <div className="wx-bars" />
        </div>
      </div>
    </div>
  );
}

let strokes: string[];
let frames: FrameRequestCallback[];

beforeEach(() => {
  strokes = [];
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  const pen = {
    setTransform: () => undefined,
    clearRect: () => strokes.push('clear'),
    beginPath: () => undefined,
    moveTo: (x: number, y: number) => strokes.push(`M${x},${y}`),
    lineTo: () => undefined,
    closePath: () => undefined,
    stroke: () => undefined,
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    pen as unknown as CanvasRenderingContext2D,
  );
  // jsdom lays nothing out: give the chart a size
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Runs the animation frames asked for so far. */
function flush() {
  const now = frames.splice(0);
  act(() => now.forEach((cb) => cb(performance.now())));
}

describe('useArrowCanvas', () => {
  it('puts a canvas under the bars and paints the arrows in view', () => {
    const { api } = fakeApi([arrow(1, 20), arrow(2, 5_000)]);
    const { container } = render(<Chart api={api} critical={new Set()} />);
    flush();
    const canvas = container.querySelector('canvas.eproto-arrows')!;
    expect(canvas.nextElementSibling?.classList.contains('wx-bars')).toBe(true);
    expect(canvas.getAttribute('aria-hidden')).toBe('true');
    expect(canvas.getAttribute('data-arrows')).toBe('1'); // the other one is far below
    expect(strokes).toContain('M30,20');
  });

  it('repaints when SVAR lays the links out again (a bar moved) and stops once still', () => {
    const { api, relayout } = fakeApi([arrow(1, 20)]);
    render(<Chart api={api} critical={new Set()} />);
    flush();
    flush(); // one more frame to see that nothing moved
    expect(frames).toHaveLength(0);
    strokes = [];
    act(() => relayout([arrow(1, 60), arrow(3, 300)]));
    flush();
    expect(strokes).toContain('M30,60');
    expect(strokes).toContain('M30,300');
  });

  it('keeps painting while the links change on every step of a drag, and after it', async () => {
    const { api, relayout } = fakeApi([arrow(1, 20)]);
    render(<Chart api={api} critical={new Set()} />);
    flush();
    for (const y of [30, 40, 50]) {
      strokes = [];
      act(() => relayout([arrow(1, y)]));
      flush();
      expect(strokes).toContain(`M30,${y}`);
    }
    // once the links stay put, the whole chart is indexed again and painted
    strokes = [];
    await new Promise((resolve) => setTimeout(resolve, 300));
    flush();
    expect(strokes).toContain('M30,50');
  });

  it('takes its canvas and listeners away when the chart goes', () => {
    const { api, listeners } = fakeApi([arrow(1, 20)]);
    const { container, unmount } = render(<Chart api={api} critical={new Set()} />);
    flush();
    expect(listeners.size).toBe(1);
    const area = container.querySelector('.wx-area')!;
    unmount();
    expect(area.querySelector('canvas')).toBeNull();
    expect(listeners.size).toBe(0);
  });
});
