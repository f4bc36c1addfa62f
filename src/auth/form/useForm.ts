import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { RuleList } from '../../core/rules';
import { firstError } from './rules';
import { routeError } from './serverErrors';
import { EDITING_DELAY_MS } from '../../core/editing';
import { typedBeforeHydration } from '../../lib/hydration';

export { EDITING_DELAY_MS };

type Values<F extends string> = Record<F, string>;

export interface FormOptions<F extends string> {
  /** §5.1 rule list per field (undefined: no rules). */
  rules: Record<F, RuleList | undefined>;
  initial?: Partial<Values<F>>;
  /** Checks across fields (password confirmation), after the field's own rules pass. */
  cross?: (values: NoInfer<Values<F>>) => Partial<Record<NoInfer<F>, string>>;
}

export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  error: string | null;
  errorId: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Callback ref: the form focuses the first invalid field. */
  bindInput: (el: HTMLInputElement | HTMLTextAreaElement | null) => void;
}

export interface Form<F extends string> {
  values: Values<F>;
  submitting: boolean;
  /** A message for the whole form (server answers that belong to no field). */
  formError: string | null;
  field(name: F): FieldBinding;
  set(name: F, value: string): void;
  /** Returns an onSubmit handler: validates everything, focuses the first error, else runs `action`. */
  onSubmit(action: (values: Values<F>) => Promise<void> | void): (event?: FormEvent) => Promise<void>;
  /** Shows a failed call's messages on their fields (§8 routing) or for the form. */
  fail(error: unknown): void;
  setFormError(message: string | null): void;
  reset(values?: Partial<Values<F>>): void;
}

/**
 * Form state with the §5.1 rules: every field is validated on each render (validation runs while editing);
 * its error is shown once editing stops (1500 ms after the last input, or when focus leaves), and for all
 * fields on submit, where the first invalid field receives focus. Server errors stay on their field until
 * it is edited again.
 */
export function useForm<F extends string>({ rules, initial, cross }: FormOptions<F>): Form<F> {
  const names = useMemo(() => Object.keys(rules) as F[], [rules]);
  const blank = useCallback(
    (over?: Partial<Values<F>>) => Object.fromEntries(names.map((n) => [n, over?.[n] ?? ''])) as Values<F>,
    [names],
  );
  const [values, setValues] = useState<Values<F>>(() => blank(initial));
  const [shown, setShown] = useState<Partial<Record<F, boolean>>>({});
  const [server, setServer] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const timers = useRef(new Map<F, number>());
  const elements = useRef(new Map<F, HTMLInputElement | HTMLTextAreaElement>());
  const pendingFocus = useRef<F | null>(null);
  const mounted = useRef(true);
  const baseId = useId();

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      pending.forEach((t) => window.clearTimeout(t));
    };
  }, []);

  const errorsFor = useCallback(
    (of: Values<F>) => {
      const errors = {} as Record<F, string | null>;
      for (const name of names) errors[name] = firstError(of[name], rules[name]);
      const crossErrors: Partial<Record<F, string>> = cross?.(of) ?? {};
      for (const name of names) errors[name] ??= crossErrors[name] ?? null;
      return errors;
    },
    [names, rules, cross],
  );
  const localErrors = useMemo(() => errorsFor(values), [errorsFor, values]);

  const errorOf = (name: F): string | null => server[name] ?? (shown[name] ? localErrors[name] : null);

  // Focus the first invalid field once its error is on screen (after the render that shows it).
  useEffect(() => {
    const name = pendingFocus.current;
    if (!name) return;
    pendingFocus.current = null;
    elements.current.get(name)?.focus();
  });

  const show = (name: F) => {
    window.clearTimeout(timers.current.get(name));
    timers.current.delete(name);
    setShown((s) => (s[name] ? s : { ...s, [name]: true }));
  };

  const set = (name: F, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServer((s) => (name in s ? { ...s, [name]: undefined } : s));
    setShown((s) => (s[name] ? { ...s, [name]: false } : s));
    window.clearTimeout(timers.current.get(name));
    timers.current.set(
      name,
      window.setTimeout(() => mounted.current && show(name), EDITING_DELAY_MS),
    );
  };

  const fail = (error: unknown) => {
    const routed = routeError(error, names);
    const fields = routed.fields as Partial<Record<F, string>>;
    setServer(fields);
    setFormError(routed.message);
    const first = names.find((n) => fields[n]);
    if (first) pendingFocus.current = first;
  };

  return {
    values,
    submitting,
    formError,
    field: (name) => ({
      id: `${baseId}-${name}`,
      name,
      value: values[name],
      error: errorOf(name),
      errorId: `${baseId}-${name}-error`,
      disabled: submitting,
      onChange: (value) => set(name, value),
      onBlur: () => {
        if (values[name] !== '' || shown[name] !== undefined) show(name);
      },
      bindInput: (el) => {
        if (!el) {
          elements.current.delete(name);
          return;
        }
        elements.current.set(name, el);
        // Later renders find the input holding what was rendered, so this acts only on hydration.
        if (typedBeforeHydration(el, values[name])) set(name, el.value);
      },
    }),
    set,
    onSubmit: (action) => async (event) => {
      event?.preventDefault();
      if (submitting) return;
      timers.current.forEach((t) => window.clearTimeout(t));
      timers.current.clear();
      setShown(Object.fromEntries(names.map((n) => [n, true])) as Record<F, boolean>);
      setFormError(null);
      // Only the form's own rules hold a submit back: a server answer from the last try (wrong password) is the
      // server's to judge again, so the shopper can correct another field and retry.
      const firstInvalid = names.find((n) => localErrors[n] !== null);
      if (firstInvalid) {
        pendingFocus.current = firstInvalid;
        return;
      }
      setServer({});
      setSubmitting(true);
      try {
        await action(values);
      } catch (error) {
        if (mounted.current) fail(error);
      } finally {
        if (mounted.current) setSubmitting(false);
      }
    },
    fail,
    setFormError,
    reset: (over) => {
      setValues(blank(over));
      setShown({});
      setServer({});
      setFormError(null);
    },
  };
}
