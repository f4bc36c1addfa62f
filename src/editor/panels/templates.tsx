import { useState } from 'react';
import type { FieldTemplateProps, ObjectFieldTemplateProps, DescriptionFieldProps, TitleFieldProps } from '@rjsf/utils';
import type { PanelGroup } from './uiSchema';
import type { PanelContext } from './context';
import { ResponsiveBadge } from './ResponsiveField';
import { valueSource } from '../../core/blocks/responsive';

/** Schema descriptions that cite the spec (§) are notes for developers, not help for store owners. */
const ownerFacing = (description: unknown) => (typeof description === 'string' && !description.includes('§') ? description : undefined);

/**
 * Compact field layout: label, control, then either the error (role=alert) or the help text. The help is
 * x-ui.help, else an owner-facing schema description. Checkboxes carry their own label.
 */
export function PanelFieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors = [], hidden, required, displayLabel, uiSchema, schema, fieldPathId, registry } = props;
  if (hidden) return <div hidden>{children}</div>;
  const widget = uiSchema?.['ui:widget'];
  const isCheckbox = widget === 'checkbox' || (schema.type === 'boolean' && !widget);
  const help = (uiSchema?.['ui:help'] as string | undefined) ?? ownerFacing(schema.description);
  const isObject = schema.type === 'object' && !uiSchema?.['ui:field'];
  const errors = rawErrors.filter((e, i) => rawErrors.indexOf(e) === i);
  if (isObject) return <div className="panel-object">{children}{errors.length > 0 && <FieldErrors id={id} errors={errors} />}</div>;
  // A block's per-device setting (a top-level property marked x-ui.responsive) says which device it is set for.
  const editing = (registry.formContext as PanelContext | undefined)?.responsive;
  const name = fieldPathId?.path.length === 1 ? String(fieldPathId.path[0]) : null;
  const badge = editing && name !== null && editing.properties.includes(name) ? <ResponsiveBadge name={name} label={String(schema.title ?? label)} editing={editing} /> : null;
  const source = badge && editing ? valueSource({ properties: {}, responsive: editing.overrides }, editing.breakpoint, name!) : null;
  return (
    <div
      className={`panel-field${errors.length ? ' panel-field--invalid' : ''}${isCheckbox ? ' panel-field--checkbox' : ''}${badge ? ' panel-field--responsive' : ''}${source && source === editing?.breakpoint && source !== 'desktop' ? ' panel-field--overridden' : ''}`}
      data-field={id}
      data-device-source={source ?? undefined}
    >
      {displayLabel && !isCheckbox && (
        <div className="panel-field__head">
          <label className="panel-field__label" htmlFor={id}>
            {label}
            {required && <span className="panel-field__required" aria-hidden="true"> *</span>}
          </label>
          {badge}
        </div>
      )}
      {isCheckbox && badge ? (
        <div className="panel-field__head">
          {children}
          {badge}
        </div>
      ) : (
        children
      )}
      {errors.length > 0 ? <FieldErrors id={id} errors={errors} /> : help ? <span className="panel-field__help" id={`${id}__help`}>{help}</span> : null}
    </div>
  );
}

function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <ul className="panel-field__errors" id={`${id}__error`} role="alert">
      {errors.map((e) => (
        <li key={e} className="panel-field__error">
          {e}
        </li>
      ))}
    </ul>
  );
}

/** Errors are drawn by PanelFieldTemplate; rjsf's own error slot stays empty. */
export const NoErrors = () => null;

/**
 * The root object is drawn as collapsible sections, one per group (ui:options.groups); nested objects
 * (e.g. a banner's action) as a titled box.
 */
export function PanelObjectTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, title, fieldPathId } = props;
  const groups = uiSchema?.['ui:options']?.groups as PanelGroup[] | undefined;
  if (!groups || fieldPathId.path.length > 0) {
    return (
      <fieldset className="panel-fieldset" id={fieldPathId.$id}>
        {title && <legend className="panel-fieldset__legend">{title}</legend>}
        {properties.map((p) => p.content)}
      </fieldset>
    );
  }
  const byName = new Map(properties.map((p) => [p.name, p]));
  const placed = new Set(groups.flatMap((g) => g.fields));
  const rest = properties.filter((p) => !placed.has(p.name) && !p.hidden);
  return (
    <div className="panel-sections">
      {groups.map((g, index) => {
        const fields = g.fields.map((f) => byName.get(f)).filter((p) => p && !p.hidden);
        if (fields.length === 0) return null;
        return (
          <Section key={g.name} label={g.label} name={g.name} defaultOpen={index === 0 || groups.length <= 2}>
            {fields.map((p) => p!.content)}
          </Section>
        );
      })}
      {rest.map((p) => p.content)}
    </div>
  );
}

/**
 * A collapsible section remembering whether it is open while the panel stays mounted. `lazy`: the body is
 * built only once first opened (the theme editor has 21 family forms).
 */
export function Section({ label, name, defaultOpen, lazy = false, children }: { label: string; name: string; defaultOpen: boolean; lazy?: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const [opened, setOpened] = useState(defaultOpen);
  return (
    <details
      className="panel-section"
      data-group={name}
      open={open}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        setOpen(now);
        if (now) setOpened(true);
      }}
    >
      <summary className="panel-section__summary">{label}</summary>
      <div className="panel-section__body">{!lazy || opened ? children : null}</div>
    </details>
  );
}

/** Titles and descriptions are drawn by the field and section templates. */
export const NoTitle = (_: TitleFieldProps) => null;
export const NoDescription = (_: DescriptionFieldProps) => null;
