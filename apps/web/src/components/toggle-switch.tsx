import type { ChangeEvent } from 'react';

import classes from './toggle-switch.module.css';

/**
 * An on/off choice with its label, as Mantine's Switch draws it (size sm, label on the right):
 * a native checkbox with role="switch" and CSS. Mantine's Switch brings InlineInput and the
 * Input family (~6 KB gzip) to a field screen that has no other input (Minha agenda's "Mostrar
 * canceladas", issue 33).
 */
export function ToggleSwitch({
  label,
  checked,
  onChange,
  'data-testid': testId,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  'data-testid'?: string;
}) {
  return (
    <div className={`${classes.root} mantine-Switch-root`}>
      <label className={`${classes.body} mantine-Switch-body`}>
        <input
          type="checkbox"
          role="switch"
          className={`${classes.input} mantine-Switch-input`}
          checked={checked}
          onChange={onChange}
          data-testid={testId}
        />
        <span aria-hidden className={`${classes.track} mantine-Switch-track`}>
          <span className={classes.thumb} />
        </span>
        <span className={`${classes.label} mantine-Switch-label`}>{label}</span>
      </label>
    </div>
  );
}
