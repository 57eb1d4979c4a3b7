import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { keepCaretWithFocus } from '../double-tap-focus.ts';

function press(target: Element, detail: number): MouseEvent {
  const event = new MouseEvent('mousedown', { bubbles: true, cancelable: true, detail, button: 0 });
  target.dispatchEvent(event);
  return event;
}

describe('keepCaretWithFocus', () => {
  let stop: () => void;
  let contrato: HTMLInputElement;
  let tipo: HTMLInputElement;

  beforeEach(() => {
    document.body.innerHTML =
      '<input id="contrato" /><input id="tipo" /><input id="ro" readonly /><textarea id="obs"></textarea>';
    contrato = document.querySelector('#contrato')!;
    tipo = document.querySelector('#tipo')!;
    stop = keepCaretWithFocus(document);
    contrato.focus();
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('takes a second tap on another field as a first one: the focus moves there', () => {
    const event = press(tipo, 2);
    expect(event.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(tipo);
    const obs = document.querySelector('textarea')!;
    expect(press(obs, 2).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(obs);
  });

  it('leaves single taps, double-clicks inside the focused field and read-only fields alone', () => {
    expect(press(tipo, 1).defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(contrato);
    expect(press(contrato, 2).defaultPrevented).toBe(false);
    expect(press(document.querySelector('#ro')!, 2).defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(contrato);
  });

  it('stops when asked', () => {
    stop();
    expect(press(tipo, 2).defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(contrato);
  });
});
