import { MSG } from '@eproto/domain';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import type { ChangeEvent, CSSProperties, FormEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

import { isApiStatus } from '../../../lib/api-error.ts';
import { toastError } from '../../../lib/toast.ts';
import { useLogin } from '../api/login.ts';
import { loginErrorMessage } from '../utils/auth-messages.ts';
import { finishSignIn } from '../utils/finish-sign-in.ts';
import type { LoginErrors, LoginValues } from '../utils/login-validation.ts';
import { validateLogin } from '../utils/login-validation.ts';

// The sign-in form in plain markup: the elements, classes, data attributes and CSS variables
// Mantine's TextInput, PasswordInput, Anchor, Alert and Button (size md) render, styled by
// Mantine's stylesheet that every page loads anyway (src/main.tsx). /login, the first screen a
// technician opens, paints without the Input family, PasswordInput and their per-render style
// work (issue 33). login-form-markup.test.tsx renders both and compares them, so a Mantine
// upgrade that changes its markup fails there instead of changing the look.

interface LoginFormProps {
  /** Opens the "Recuperar acesso" modal with what was typed in the e-mail field. */
  onForgotPassword: (email: string) => void;
}

const PASSWORD_SIZES = {
  '--psi-icon-size': 'var(--psi-icon-size-md)',
  '--psi-button-size': 'var(--psi-button-size-md)',
} as CSSProperties;

/** Label, the field with its sections, and the error under it (Mantine's Input.Wrapper, md). */
function Field({
  id,
  kind,
  label,
  error,
  icon,
  right,
  children,
}: {
  id: string;
  kind: 'TextInput' | 'PasswordInput';
  label: string;
  error?: string;
  icon: ReactNode;
  right?: ReactNode;
  children: ReactNode;
}) {
  const password = kind === 'PasswordInput';
  return (
    <div
      className={`m_46b77525 mantine-InputWrapper-root mantine-${kind}-root${password ? ' m_f61ca620' : ''}`}
      data-error={error ? true : undefined}
      data-size="md"
      style={password ? PASSWORD_SIZES : undefined}
    >
      <label
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-size="md"
        data-required
        htmlFor={id}
        id={`${id}-label`}
        style={{ '--input-label-size': 'var(--mantine-font-size-md)' } as CSSProperties}
      >
        {label}
        <span
          className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`}
          aria-hidden
        >
          {' *'}
        </span>
      </label>
      <div
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size="md"
        data-error={error ? true : undefined}
        data-with-right-section={right ? true : undefined}
        data-with-left-section
        style={
          {
            '--input-height': 'var(--input-height-md)',
            '--input-fz': 'var(--mantine-font-size-md)',
            '--input-margin-bottom': error ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined,
          } as CSSProperties
        }
      >
        <div
          data-position="left"
          className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}
        >
          {icon}
        </div>
        {children}
        {right && (
          <div
            data-position="right"
            className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}
          >
            {right}
          </div>
        )}
      </div>
      {error && (
        <p
          className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
          data-size="md"
          id={`${id}-error`}
          style={
            {
              '--input-error-size':
                'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))',
            } as CSSProperties
          }
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** Mantine's eye icon of PasswordInput (shown: struck through). */
function EyeIcon({ reveal }: { reveal: boolean }) {
  const line = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: '16',
  } as const;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 256 256"
      style={{ width: 'var(--psi-icon-size)', height: 'var(--psi-icon-size)' }}
    >
      <path fill="none" d="M0 0h256v256H0z" />
      {reveal ? (
        <>
          <path
            {...line}
            d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
          />
          <path
            {...line}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path
            {...line}
            d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"
          />
          <circle cx="128" cy="128" r="40" {...line} />
        </>
      )}
    </svg>
  );
}

/** Sign-in form of /login with the SPEC.md §8 messages. */
export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const alertId = useId();
  const email = useRef<HTMLInputElement>(null);

  // The e-mail takes the focus after the first frame, not inside React's commit as `autoFocus`
  // does: focus() there forced the screen's first style and layout into the commit's task (a
  // long task on a 4x slower phone, issue 33). Not when the person already chose a field.
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (document.activeElement === document.body || document.activeElement === null)
          email.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  const change = (field: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (inlineError) setInlineError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    setInlineError(null);
    if (found.email || found.password) return;
    try {
      const result = await loginMutation.mutateAsync({
        email: values.email.trim().toLowerCase(),
        password: values.password,
      });
      const user = result?.user;
      if (!user) {
        toastError(MSG.loginNoUser);
        return;
      }
      await finishSignIn(user);
    } catch (error) {
      if (isApiStatus(error, 401)) setInlineError(MSG.loginInvalid);
      toastError(loginErrorMessage(error));
    }
  };

  const toggle = () => setVisible((v) => !v);
  const loading = loginMutation.isPending;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Entrar no E-Proto">
      <div
        className="m_6d731127 mantine-Stack-root"
        style={
          {
            '--stack-gap': 'var(--mantine-spacing-md)',
            '--stack-align': 'stretch',
            '--stack-justify': 'flex-start',
          } as CSSProperties
        }
      >
        <Field
          id={emailId}
          kind="TextInput"
          label="E-mail"
          error={errors.email}
          icon={<IconAt size={18} />}
        >
          <input
            ref={email}
            className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
            data-variant="default"
            data-error={errors.email ? true : undefined}
            name="email"
            type="email"
            placeholder="Usuário"
            autoComplete="username"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${emailId}-error` : undefined}
            id={emailId}
            value={values.email}
            onChange={change('email')}
          />
        </Field>
        <Field
          id={passwordId}
          kind="PasswordInput"
          label="Senha"
          error={errors.password}
          icon={<IconLock size={18} />}
          right={
            <button
              className="mantine-focus-auto mantine-active m_b1072d44 mantine-PasswordInput-visibilityToggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
              data-variant="subtle"
              type="button"
              tabIndex={-1}
              aria-pressed={visible}
              aria-label="Mostrar ou ocultar senha"
              style={
                {
                  '--ai-bg': 'transparent',
                  '--ai-hover': 'var(--mantine-color-gray-light-hover)',
                  '--ai-color': 'var(--mantine-color-gray-light-color)',
                  '--ai-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
                } as CSSProperties
              }
              // As Mantine's: on press, so the field keeps its focus.
              onMouseDown={(event) => {
                event.preventDefault();
                toggle();
              }}
              onTouchEnd={(event) => {
                event.preventDefault();
                toggle();
              }}
              onKeyDown={(event) => {
                if (event.key === ' ' || event.key === 'Enter') {
                  event.preventDefault();
                  toggle();
                }
              }}
            >
              <span className="m_8d3afb97 mantine-ActionIcon-icon">
                <EyeIcon reveal={visible} />
              </span>
            </button>
          }
        >
          <div
            className="m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input m_ccf8da4c"
            data-variant="default"
            data-error={errors.password ? true : undefined}
          >
            <input
              className="m_f2d85dd2 mantine-PasswordInput-innerInput"
              data-invalid={errors.password ? true : undefined}
              data-with-left-section
              name="password"
              placeholder="Sua senha"
              autoComplete="current-password"
              required
              id={passwordId}
              aria-describedby={errors.password ? `${passwordId}-error` : undefined}
              type={visible ? 'text' : 'password'}
              value={values.password}
              onChange={change('password')}
            />
          </div>
        </Field>
        <div
          className="m_4081bf90 mantine-Group-root"
          style={
            {
              '--group-gap': 'var(--mantine-spacing-md)',
              '--group-align': 'center',
              '--group-justify': 'flex-end',
              '--group-wrap': 'wrap',
              marginTop: 'calc(-0.375rem * var(--mantine-scale))',
            } as CSSProperties
          }
        >
          <button
            className="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root"
            data-underline="hover"
            data-size="sm"
            type="button"
            style={
              {
                '--text-fz': 'var(--mantine-font-size-sm)',
                '--text-lh': 'var(--mantine-line-height-sm)',
              } as CSSProperties
            }
            onClick={() => onForgotPassword(values.email)}
          >
            Esqueci minha senha
          </button>
        </div>
        {inlineError && (
          <div
            className="m_66836ed3 mantine-Alert-root"
            data-variant="light"
            id={alertId}
            role="alert"
            aria-describedby={`${alertId}-body`}
            style={
              {
                '--alert-bg': 'var(--mantine-color-red-light)',
                '--alert-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
                '--alert-color': 'var(--mantine-color-red-light-color)',
                paddingBlock: 'var(--mantine-spacing-xs)',
              } as CSSProperties
            }
          >
            <div className="m_a5d60502 mantine-Alert-wrapper">
              <div className="m_667f2a6a mantine-Alert-icon">
                <IconAlertCircle size={18} />
              </div>
              <div className="m_667c2793 mantine-Alert-body">
                <div
                  className="m_7fa78076 mantine-Alert-message"
                  data-variant="light"
                  id={`${alertId}-body`}
                >
                  {inlineError}
                </div>
              </div>
            </div>
          </div>
        )}
        <button
          className={`mantine-focus-auto${loading ? '' : ' mantine-active'} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
          data-variant="gradient"
          data-size="md"
          data-block
          data-loading={loading || undefined}
          disabled={loading}
          type="submit"
          style={
            {
              '--button-height': 'var(--button-height-md)',
              '--button-padding-x': 'var(--button-padding-x-md)',
              '--button-fz': 'var(--mantine-font-size-md)',
              '--button-bg':
                'linear-gradient(135deg, var(--mantine-color-brand-5) 0%, var(--mantine-color-teal-4) 100%)',
              '--button-hover':
                'linear-gradient(135deg, var(--mantine-color-brand-5) 0%, var(--mantine-color-teal-4) 100%)',
              '--button-color': 'var(--mantine-color-white)',
              '--button-bd': 'none',
              fontWeight: 600,
            } as CSSProperties
          }
        >
          {loading && (
            <span className="m_a25b86ee mantine-Button-loader" aria-hidden>
              <span
                className="m_5ae2e3c m_b34414df mantine-Loader-root"
                style={
                  {
                    '--loader-size': 'calc(var(--button-height) / 1.8)',
                    '--loader-color': 'var(--button-color)',
                  } as CSSProperties
                }
              />
            </span>
          )}
          <span className="m_80f1301b mantine-Button-inner">
            <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
              ENTRAR
            </span>
          </span>
        </button>
      </div>
    </form>
  );
}
