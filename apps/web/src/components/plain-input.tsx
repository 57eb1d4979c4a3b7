import type {
  ChangeEvent,
  CSSProperties,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  TextareaHTMLAttributes,
} from 'react';
import { useId } from 'react';

import classes from './plain-input.module.css';
import { type CountMode, withCount } from './text-count.tsx';
import { useBrNumberText } from './use-br-number-text.ts';

/**
 * Text, long-text and number fields of a field screen in plain markup (plain-input.module.css),
 * drawn as Mantine's TextInput/Textarea of size md: the OS checklist and the vehicle km paint
 * without Mantine's Input family (issue 33). Forms elsewhere keep text-fields.tsx and
 * number-field.tsx, which take every Mantine prop; these take the few the OS screen uses.
 */
interface FrameProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  rightSection?: ReactNode;
  /** Width of the right section in px or CSS (default: as wide as the field is tall). */
  rightSectionWidth?: number | string;
  /** A disabled value stays legible (a read-only viewer); Mantine fades it to ~40%. */
  legible?: boolean;
}

type Described = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };

/** Label, description, the field with its right section, and the error, as InputWrapper lays them. */
function Frame({
  id,
  label,
  description,
  error,
  rightSection,
  rightSectionWidth,
  legible,
  multiline,
  children,
}: FrameProps & { id: string; multiline?: boolean; children: (a11y: Described) => ReactNode }) {
  const describedBy =
    [error ? `${id}-error` : '', description ? `${id}-description` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const width =
    rightSectionWidth === undefined
      ? undefined
      : ({
          '--input-right-section-width':
            typeof rightSectionWidth === 'number' ? `${rightSectionWidth}px` : rightSectionWidth,
        } as CSSProperties);
  return (
    <div
      className={`${classes.root} mantine-InputWrapper-root`}
      data-error={error ? true : undefined}
    >
      {label && (
        <label className={`${classes.label} mantine-InputWrapper-label`} htmlFor={id}>
          {label}
        </label>
      )}
      {description && (
        <p
          className={`${classes.description} mantine-InputWrapper-description`}
          id={`${id}-description`}
        >
          {description}
        </p>
      )}
      <div
        className={`${classes.wrapper} mantine-Input-wrapper`}
        style={width}
        data-error={error ? true : undefined}
        data-with-right-section={rightSection ? true : undefined}
        data-multiline={multiline || undefined}
        data-legible={legible || undefined}
        data-offset-top={description ? true : undefined}
        data-offset-bottom={error ? true : undefined}
      >
        {children({
          id,
          'aria-describedby': describedBy,
          'aria-invalid': error ? true : undefined,
        })}
        {rightSection && (
          <div className={`${classes.section} mantine-Input-section`} data-position="right">
            {rightSection}
          </div>
        )}
      </div>
      {error && (
        <p className={`${classes.error} mantine-InputWrapper-error`} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'id'> & {
  ref?: Ref<HTMLInputElement>;
};

/** One line of text, with the server's limit and its count at the field (as text-fields.tsx). */
export function PlainTextInput({
  label,
  description,
  error,
  rightSection,
  rightSectionWidth,
  legible,
  count = 'near',
  ...input
}: FrameProps & InputProps & { count?: CountMode }) {
  const id = useId();
  const length = String(input.value ?? '').length;
  return (
    <Frame
      id={id}
      label={label}
      description={withCount(description, length, input.maxLength, count)}
      error={error}
      rightSection={rightSection}
      rightSectionWidth={rightSectionWidth}
      legible={legible}
    >
      {(a11y) => (
        <input
          type="text"
          {...input}
          {...a11y}
          className={`${classes.input} mantine-Input-input`}
        />
      )}
    </Frame>
  );
}

/** A text area that grows from `minRows` to `maxRows` lines, with its count always shown. */
export function PlainTextarea({
  label,
  description,
  error,
  legible,
  minRows = 3,
  maxRows = 10,
  count = 'always',
  ...area
}: Omit<FrameProps, 'rightSection' | 'rightSectionWidth'> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'rows'> & {
    minRows?: number;
    maxRows?: number;
    count?: CountMode;
  }) {
  const id = useId();
  const length = String(area.value ?? '').length;
  const rows = { '--rows-min': minRows, '--rows-max': maxRows } as CSSProperties;
  return (
    <Frame
      id={id}
      label={label}
      description={withCount(description, length, area.maxLength, count)}
      error={error}
      legible={legible}
      multiline
    >
      {(a11y) => (
        <textarea
          {...area}
          {...a11y}
          rows={minRows}
          style={{ ...rows, ...area.style }}
          className={`${classes.input} ${classes.textarea} mantine-Input-input`}
        />
      )}
    </Frame>
  );
}

/**
 * A number read the Brazilian way (the same reading as NumberField, use-br-number-text.ts):
 * comma decimals, dot thousands; a wrong text says why after a blur; blur and Enter commit.
 */
export function PlainNumberField({
  value,
  onChange,
  onCommit,
  decimals = 2,
  min,
  max,
  error,
  onBlur,
  onKeyDown,
  ...rest
}: FrameProps &
  Omit<InputProps, 'value' | 'onChange' | 'min' | 'max' | 'type' | 'defaultValue'> & {
    value: number | null | undefined;
    onChange: (value: number | null) => void;
    onCommit?: (value: number | null) => void;
    decimals?: number;
    min?: number;
    max?: number;
  }) {
  const number = useBrNumberText({
    value,
    onChange,
    decimals,
    min,
    max,
    fixedDecimals: false,
    grouping: true,
    onCommit,
  });
  return (
    <PlainTextInput
      {...rest}
      count="never"
      value={number.text}
      inputMode={number.inputMode}
      autoComplete="off"
      error={number.problem ?? error}
      onChange={(e: ChangeEvent<HTMLInputElement>) => number.onChange(e)}
      onKeyDown={(e) => {
        number.onKeyDown(e);
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        number.onBlur();
        onBlur?.(e);
      }}
    />
  );
}
