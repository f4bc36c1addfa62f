import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidationError } from '../../core/schemas/types';
import { panelValidator, toErrorSchema, useEditingErrors } from './validation';
import { panelFields, panelWidgets } from './widgets';
import { NoDescription, NoErrors, NoTitle, PanelFieldTemplate, PanelObjectTemplate } from './templates';
import type { PanelContext, ResponsiveEditing } from './context';
import './panels.css';

type Data = Record<string, unknown>;

const templates = {
  FieldTemplate: PanelFieldTemplate,
  ObjectFieldTemplate: PanelObjectTemplate,
  FieldErrorTemplate: NoErrors,
  ErrorListTemplate: NoErrors,
  TitleFieldTemplate: NoTitle,
  DescriptionFieldTemplate: NoDescription,
  ButtonTemplates: { SubmitButton: () => null },
};

let gestureCounter = 0;
/** A fresh gesture id: one per field focus session, so a burst of typing is one undo step. */
export const newGesture = (scope: string) => `${scope}:${Date.now().toString(36)}:${++gestureCounter}`;

const changedKeys = (before: Data, after: Data): string[] => {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => after[k] !== before[k] && JSON.stringify(after[k]) !== JSON.stringify(before[k]));
};

export interface SchemaFormProps {
  /** Names the document (a block uid, "page", a theme family): gesture ids and the reset of errors follow it. */
  scope: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Data;
  /** Changed top-level keys only, with the gesture id of the current field focus session. */
  onChange: (patch: Data, gesture: string) => void;
  /** The document's errors (JSON pointers relative to formData) in the spec's words. */
  validate: (data: Data) => ValidationError[];
  divisionId: number | null;
  idPrefix?: string;
  /** A block's form: the device being edited and where its per-device settings come from. */
  responsive?: ResponsiveEditing | undefined;
}

/**
 * An rjsf form over one document. Typing reaches `onChange` at once (the canvas follows every keystroke);
 * validation runs on every change and its errors show when editing stops (§4: 1500 ms, or on blur).
 */
export const SchemaForm = memo(function SchemaForm({ scope, schema, uiSchema, formData, onChange, validate, divisionId, idPrefix = 'panel', responsive }: SchemaFormProps) {
  const errors = useEditingErrors(() => validate(formData));
  const session = useRef<{ active: boolean; key: string | null; gesture: string | null }>({ active: false, key: null, gesture: null });
  const data = useRef(formData);
  data.current = formData;

  // Another document (block selected, page loaded): its current errors show at once.
  const { reset } = errors;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    session.current = { active: false, key: null, gesture: null };
    reset(validate(data.current));
  }, [scope, reset, validate]);

  const handleChange = useCallback(
    (event: IChangeEvent) => {
      const next = (event.formData ?? {}) as Data;
      const keys = changedKeys(data.current, next);
      if (keys.length === 0) return;
      const patch: Data = {};
      for (const k of keys) patch[k] = next[k];
      const s = session.current;
      let gesture: string;
      if (s.active && keys.length === 1 && (s.key === null || s.key === keys[0])) {
        s.key = keys[0]!;
        s.gesture ??= newGesture(scope);
        gesture = s.gesture;
      } else gesture = newGesture(scope);
      data.current = { ...data.current, ...patch };
      errors.onInput(validate(data.current));
      onChange(patch, gesture);
    },
    [scope, onChange, validate, errors],
  );
  const handleFocus = useCallback(() => {
    session.current = { active: true, key: null, gesture: null };
  }, []);
  const { flush } = errors;
  const handleBlur = useCallback(() => {
    session.current.active = false;
    flush();
  }, [flush]);

  const extraErrors = useMemo(() => toErrorSchema(errors.shown), [errors.shown]);
  const formContext = useMemo<PanelContext>(() => (responsive ? { divisionId, responsive } : { divisionId }), [divisionId, responsive]);
  return (
    <div className="panel-form-wrap">
    <Form
      className="panel-form"
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={panelValidator}
      widgets={panelWidgets}
      fields={panelFields}
      templates={templates}
      formContext={formContext}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      idPrefix={idPrefix}
      onChange={handleChange}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onSubmit={() => undefined}
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
    />
    </div>
  );
});
