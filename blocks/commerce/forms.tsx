import { useId, type InputHTMLAttributes } from 'react';
import { fullFormats } from 'ajv-formats/dist/formats';
import { formMessages } from '../../src/core/schemas/errors';
import './forms.css';

/** The email format the server's rule schema (schemas/rules/email.json, ajv-formats full mode) applies. */
const EMAIL = fullFormats.email as RegExp;

export type FieldRule = 'required' | 'email';

/** §5.1: the first failing rule's message, or null. Only `required` speaks about an empty value. */
export function checkField(value: string, rules: FieldRule[]): string | null {
  const trimmed = value.trim();
  for (const rule of rules) {
    if (rule === 'required' && trimmed === '') return formMessages.required;
    if (rule === 'email' && trimmed !== '' && !EMAIL.test(trimmed)) return formMessages.email;
  }
  return null;
}

/** Checks every field; returns errors by field name (empty when all pass). */
export function checkForm<K extends string>(values: Record<K, string>, rules: Partial<Record<K, FieldRule[]>>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const name of Object.keys(rules) as K[]) {
    const message = checkField(values[name] ?? '', rules[name] ?? []);
    if (message) errors[name] = message;
  }
  return errors;
}

/** Field errors of a 422 answer keyed "/field" (or "field"): the first message of each. */
export function serverFieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) if (messages[0]) out[key.replace(/^\//, '')] = messages[0];
  return out;
}

type FieldProps = {
  label: string;
  error?: string;
  multiline?: boolean;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'>;

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, error, multiline = false, onValue, className = '', ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    className: 'commerce-field__input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={`commerce-field ${error ? 'commerce-field--invalid' : ''} ${className}`}>
      <label className="commerce-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} name={input.name} value={input.value as string} rows={5} maxLength={input.maxLength} onChange={(e) => onValue(e.target.value)} />
      ) : (
        <input {...input} {...shared} onChange={(e) => onValue(e.target.value)} />
      )}
      {error && (
        <p className="commerce-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The email field every form asks for: the right keyboard, autofill and length limit. */
export function EmailField(props: Omit<FieldProps, 'label' | 'name' | 'type'> & { label?: string }) {
  return <TextField label="Email address" name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} {...props} />;
}

/** The outcome line under a form: polite for success, assertive for failure. */
export function FormStatus({ status }: { status: { kind: 'success' | 'error'; message: string } | null }) {
  return (
    <div className="commerce-form-status" aria-live="polite">
      {status && (
        <p className={`commerce-form-status__message commerce-form-status__message--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.message}
        </p>
      )}
    </div>
  );
}
