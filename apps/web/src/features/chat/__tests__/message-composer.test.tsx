import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { MessageComposer } from '../components/message-composer.tsx';

function setup() {
  const onSend = vi.fn(() => Promise.resolve());
  renderUi(
    <MessageComposer
      draftKey="direct-1"
      people={[
        { id: 7, nome: 'João Pereira' },
        { id: 8, nome: 'Ana Souza' },
      ]}
      placeholder="Escreva uma mensagem"
      onSend={onSend}
    />,
  );
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Mensagem' });
  const type = (value: string) =>
    fireEvent.change(box, { target: { value, selectionStart: value.length } });
  return { onSend, box, type };
}

describe('MessageComposer', () => {
  it('sends with Enter and keeps Shift+Enter for a new line', () => {
    const { onSend, box, type } = setup();
    type('Bom dia');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({ content: 'Bom dia', mentions: [], file: null });
    expect(box.value).toBe('');
  });

  it('does not send an empty message', () => {
    const { onSend, box, type } = setup();
    type('   ');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar mensagem' }).disabled,
    ).toBe(true);
  });

  it('offers people after "@" and sends the picked mention', () => {
    const { onSend, box, type } = setup();
    type('Oi @jo');
    expect(screen.getByRole('option', { name: /João Pereira/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Ana Souza/ })).toBeNull();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Oi @João Pereira ');
    expect(onSend).not.toHaveBeenCalled();
    type('Oi @João Pereira confere?');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({
      content: 'Oi @João Pereira confere?',
      mentions: [7],
      file: null,
    });
  });

  it('puts the caret after a picked mention at once, so the next key lands there', () => {
    const { box } = setup();
    // "@jo" typed in front of text already there, the caret right after "@jo".
    fireEvent.change(box, { target: { value: 'Oi @jo amanhã', selectionStart: 6 } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Oi @João Pereira  amanhã');
    // Not one animation frame later: a key typed before that frame went to the end of the text.
    expect(box.selectionStart).toBe('Oi @João Pereira '.length);
  });

  it('gives the text back when sending fails', async () => {
    const { onSend, box, type } = setup();
    onSend.mockReturnValueOnce(Promise.reject(new Error('falhou')));
    type('Importante');
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() => expect(box.value).toBe('Importante'));
  });
});
