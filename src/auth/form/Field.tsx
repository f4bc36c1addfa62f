import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldBinding } from './useForm';
import { useHydrated } from '../../lib/hydration';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id' | 'disabled'>;

/** A labelled text input bound to a form field: aria-invalid and aria-describedby point at its error. */
export function Field({ field, label, hint, className, ...input }: { field: FieldBinding; label: string; hint?: ReactNode } & InputProps) {
  const { bindInput } = field;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, field.error ? field.errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`auth-field${field.error ? ' auth-field--invalid' : ''}`}>
      <label className="auth-field__label" htmlFor={field.id}>
        {label}
      </label>
      <input
        {...input}
        ref={(el) => bindInput(el)}
        id={field.id}
        name={field.name}
        className={className ? `auth-field__input ${className}` : 'auth-field__input'}
        value={field.value}
        disabled={field.disabled}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      />
      {hint && (
        <p className="auth-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {field.error && (
        <p className="auth-field__error" id={field.errorId}>
          {field.error}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line input bound to a form field. */
export function TextAreaField({ field, label, rows = 4 }: { field: FieldBinding; label: string; rows?: number }) {
  const { bindInput } = field;
  return (
    <div className={`auth-field${field.error ? ' auth-field--invalid' : ''}`}>
      <label className="auth-field__label" htmlFor={field.id}>
        {label}
      </label>
      <textarea
        ref={(el) => bindInput(el)}
        id={field.id}
        name={field.name}
        rows={rows}
        className="auth-field__input auth-field__input--area"
        value={field.value}
        disabled={field.disabled}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? field.errorId : undefined}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      />
      {field.error && (
        <p className="auth-field__error" id={field.errorId}>
          {field.error}
        </p>
      )}
    </div>
  );
}

/** The message for the whole form, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="auth-alert auth-alert--error" role="alert">
      {message}
    </p>
  ) : null;
}

/** A submit button that shows it is busy and cannot be pressed twice. */
export function SubmitButton({ busy, children, busyText, variant = 'primary' }: { busy: boolean; children: ReactNode; busyText?: string; variant?: 'primary' | 'secondary' | 'warning' }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={`pod-button pod-button--${variant} pod-button--block auth-submit`} disabled={busy || !hydrated} aria-busy={busy || undefined}>
      {busy && <span className="pod-spinner" aria-hidden="true" />}
      {busy ? (busyText ?? 'Please wait…') : children}
    </button>
  );
}
