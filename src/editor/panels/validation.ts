/**
 * Validation for the panels. rjsf needs a validator for its own schema work (conditionals, defaults); it is
 * the ajv8 one set up like ours — JSON Schema 2020-12, ajv-formats 3 (not the bundled 2: ajvFormatOptions
 * false), ajv-errors for the spec's messages, our annotation keywords. The messages a store owner sees come
 * from the registry instead (validateBlockProperties / validate): the same words the server answers with on save.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Ajv2020 from 'ajv/dist/2020.js';
import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorSchema } from '@rjsf/utils';
import { addAnnotationKeywords } from '../../core/schemas/keywords';
import type { ValidationError } from '../../core/schemas/types';
import { EDITING_DELAY_MS } from '../../core/editing';

export { EDITING_DELAY_MS };

export const panelValidator = customizeValidator({
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  ajvFormatOptions: false,
  ajvOptionsOverrides: { allErrors: true, strict: false, allowUnionTypes: true },
  extenderFn: (ajv) => {
    addFormats(ajv as never);
    ajvErrors(ajv as never);
    addAnnotationKeywords(ajv as never);
    return ajv;
  },
});

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** `{path, message}` errors (JSON pointers under `base`) as rjsf's nested ErrorSchema; keys may contain dots. */
export function toErrorSchema(errors: readonly ValidationError[], base = ''): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    if (!path.startsWith(base)) continue;
    const segments = path.slice(base.length).split('/').filter(Boolean).map(unescape);
    let at = root;
    for (const segment of segments) at = (at[segment] ??= {}) as Record<string, unknown>;
    const list = ((at.__errors as string[] | undefined) ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return root as ErrorSchema;
}

const same = (a: ValidationError, b: ValidationError) => a.path === b.path && a.message === b.message;
const sameList = (a: readonly ValidationError[], b: readonly ValidationError[]) => a.length === b.length && a.every((e, i) => same(e, b[i]!));

/**
 * §4 form field editing: validation runs on every input, but a new error shows only when editing stops —
 * 1500 ms after the last input, or at once when the field loses focus. An error the input just fixed goes
 * away immediately. Errors present when the form opens show at once (nothing is being edited).
 */
export function useEditingErrors(initial: () => ValidationError[]) {
  const [shown, setShown] = useState<ValidationError[]>(initial);
  const latest = useRef<ValidationError[]>(shown);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const publish = useCallback((next: ValidationError[]) => setShown((prev) => (sameList(prev, next) ? prev : next)), []);

  /** Call with the errors of the value just typed. */
  const onInput = useCallback(
    (errors: ValidationError[]) => {
      latest.current = errors;
      setShown((prev) => {
        const kept = prev.filter((e) => errors.some((n) => same(e, n)));
        return kept.length === prev.length ? prev : kept;
      });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => publish(latest.current), EDITING_DELAY_MS);
    },
    [publish],
  );

  /** Editing stopped (blur): show what is pending now. */
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    publish(latest.current);
  }, [publish]);

  /** A different document was loaded (another block selected): show its errors at once. */
  const reset = useCallback(
    (errors: ValidationError[]) => {
      clearTimeout(timer.current);
      latest.current = errors;
      publish(errors);
    },
    [publish],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { shown, onInput, flush, reset };
}
