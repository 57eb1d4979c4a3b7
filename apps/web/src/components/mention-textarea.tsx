import { type TextareaProps } from '@mantine/core';

import { MentionSuggestions, type MentionPerson } from './mention-suggestions.tsx';
import type { MentionInput } from './use-mention-input.ts';
import { Textarea } from './text-fields.tsx';

type Props<P extends MentionPerson> = { box: MentionInput<P> } & Omit<
  TextareaProps,
  'value' | 'onChange' | 'onSelect' | 'onKeyDown'
>;

/** The text box of a message with "@" mentions, the people offered for them just above it. */
export function MentionTextarea<P extends MentionPerson>({ box, ...props }: Props<P>) {
  return (
    <div style={{ position: 'relative', flex: 1, minWidth: 0 }}>
      {box.suggestions.length > 0 && (
        <MentionSuggestions
          people={box.suggestions}
          active={box.active}
          onPick={box.pick}
          onHover={box.setActive}
        />
      )}
      <Textarea {...box.inputProps} aria-label="Mensagem" autosize count="near" {...props} />
    </div>
  );
}
