import { describe, expect, it } from 'vitest';

import {
  paintArrows,
  visibleLinks,
  type ArrowPen,
  type LaidOutLink,
  type View,
} from '../gantt/arrow-canvas.ts';

/** A pen that writes down what it was asked to draw. */
function recorder() {
  const calls: string[] = [];
  const pen: ArrowPen = {
    strokeStyle: '',
    lineWidth: 1,
    beginPath: () => calls.push('begin'),
    moveTo: (x, y) => calls.push(`M${x},${y}`),
    lineTo: (x, y) => calls.push(`L${x},${y}`),
    stroke: () => calls.push(`stroke ${String(pen.strokeStyle)} ${pen.lineWidth}`),
    clearRect: (x, y, w, h) => calls.push(`clear ${x},${y},${w},${h}`),
    setTransform: (a: unknown) => calls.push(`scale ${String(a)}`),
  };
  return { pen, calls };
}

/** A link laid out as SVAR does: its polyline and the box around it. */
function link(id: number, points: number[]): LaidOutLink {
  const xs = points.filter((_, i) => i % 2 === 0);
  const ys = points.filter((_, i) => i % 2 === 1);
  return {
    id,
    $p: points.join(','),
    $x1: Math.min(...xs),
    $x2: Math.max(...xs),
    $y1: Math.min(...ys),
    $y2: Math.max(...ys),
  };
}

const colours = { normal: 'rgb(1, 2, 3)', critical: 'rgb(200, 0, 0)' };
const view: View = { left: 100, top: 1000, width: 600, height: 500 };

describe('Gantt arrows canvas', () => {
  it('keeps only the arrows whose box crosses the view', () => {
    const inside = link(1, [150, 1100, 170, 1100, 170, 1200]);
    const above = link(2, [150, 100, 170, 100, 170, 200]);
    const right = link(3, [900, 1100, 950, 1100]);
    // from far above to far below: crosses the view without a point in it
    const through = link(4, [120, 10, 140, 10, 140, 90_000]);
    const hidden = { ...link(5, [150, 1100, 160, 1100]), $p: '' };
    expect(visibleLinks([inside, above, right, through, hidden], view).map((l) => l.id)).toEqual([
      1, 4,
    ]);
  });

  it('draws in view coordinates, plain arrows first and critical ones on top', () => {
    const { pen, calls } = recorder();
    const plain = link(1, [150, 1100, 170, 1100, 170, 1200]);
    const hot = link(2, [300, 1300, 320, 1300]);
    const count = paintArrows(pen, [hot, plain], view, new Set(['2']), colours, 2);
    expect(count).toBe(2);
    expect(calls).toEqual([
      'scale 2',
      'clear 0,0,600,500',
      'begin',
      'M50,100',
      'L70,100',
      'L70,200',
      'stroke rgb(1, 2, 3) 2',
      'begin',
      'M200,300',
      'L220,300',
      'stroke rgb(200, 0, 0) 2',
    ]);
  });

  it('clears what was drawn before even with no arrow in view', () => {
    const { pen, calls } = recorder();
    expect(paintArrows(pen, [link(1, [0, 0, 10, 0])], view, new Set(), colours, 1)).toBe(0);
    expect(calls).toEqual(['scale 1', 'clear 0,0,600,500']);
  });

  it('follows a link whose path SVAR rewrote (a bar was dragged)', () => {
    const moving = link(1, [150, 1100, 170, 1100]);
    const first = recorder();
    paintArrows(first.pen, [moving], view, new Set(), colours, 1);
    expect(first.calls).toContain('M50,100');
    moving.$p = '160,1120,180,1120';
    const second = recorder();
    paintArrows(second.pen, [moving], view, new Set(), colours, 1);
    expect(second.calls).toContain('M60,120');
    expect(second.calls).toContain('L80,120');
  });
});
