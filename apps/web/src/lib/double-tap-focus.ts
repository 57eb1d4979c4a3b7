/**
 * A tap on a text field at the spot of the tap just before (an option of the Select above,
 * whose list covered this field) within the double-tap interval reaches the page as a second
 * click (`detail` 2). Chromium then does what a double-click does: it selects a word where the
 * caret already is, in the field tapped before, and only moves the focus. The phone's keyboard
 * opens on the new field, but what is typed goes nowhere (no `beforeinput`, no `input`): measured
 * on the asset form's "Tipo" right below "Contrato" (docs/assets.md).
 *
 * A second click on an editable field that did not have the focus is a first click for that
 * field: it takes the focus (the caret with it), as a single tap would.
 */
export function keepCaretWithFocus(doc: Document): () => void {
  const onMouseDown = (event: MouseEvent) => {
    if (event.detail < 2 || event.button !== 0) return;
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (field.readOnly || field.disabled || doc.activeElement === field) return;
    // Without the browser's double-click handling the caret goes where the focus goes.
    event.preventDefault();
    field.focus();
  };
  doc.addEventListener('mousedown', onMouseDown, true);
  return () => doc.removeEventListener('mousedown', onMouseDown, true);
}
