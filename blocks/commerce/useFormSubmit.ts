import { useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../src/lib/api';
import { checkForm, serverFieldErrors, type FieldRule } from './forms';
import { useHydrated } from '../../src/lib/hydration';

export type FormStatusValue = { kind: 'success' | 'error'; message: string } | null;

/**
 * A small form controller: values, §5.1 checks before sending, one submission at a time, and the server's
 * answer mapped to field errors (422) or a status line. `failure` words an error that is not a 422.
 */
export function useFormSubmit<K extends string>(opts: {
  initial: Record<K, string>;
  rules: Partial<Record<K, FieldRule[]>>;
  path: string;
  body: (values: Record<K, string>) => unknown;
  success: (answer: { message?: string } | undefined) => string;
  failure: (error: unknown) => string;
}) {
  const [values, setValues] = useState(opts.initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [status, setStatus] = useState<FormStatusValue>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const ready = useHydrated();
  const setValue = (name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A corrected field loses its error as soon as it passes.
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    if (busy.current) return; // a second click while sending is ignored
    const found = checkForm(values, opts.rules);
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) {
      // After the errors render, take keyboard and screen-reader users to the first one.
      requestAnimationFrame(() => formEl.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      const answer = await api<{ message?: string } | undefined>(opts.path, { method: 'POST', body: opts.body(values) });
      setStatus({ kind: 'success', message: opts.success(answer) });
      setValues(opts.initial);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const fields = serverFieldErrors(error.errors);
        setErrors(Object.fromEntries(Object.entries(fields).filter(([name]) => name in opts.initial)) as Partial<Record<K, string>>);
        // §8: a validation message is shown as it is.
        setStatus({ kind: 'error', message: Object.values(fields)[0] ?? error.message });
      } else {
        setStatus({ kind: 'error', message: opts.failure(error) });
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  /** `ready`: the app has taken over the server-drawn form, so its submit button can be pressed. */
  return { values, errors, status, submitting, ready, setValue, submit };
}
