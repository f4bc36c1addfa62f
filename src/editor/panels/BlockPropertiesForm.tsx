import { useCallback, useMemo } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { SchemaRegistry } from '../../core/schemas/registry';
import type { ValidationError } from '../../core/schemas/types';
import { blockFormSchema } from './formSchema';
import { uiSchemaOf } from './uiSchema';
import { SchemaForm } from './SchemaForm';
import type { ResponsiveEditing } from './context';

/** A block's live validation in the spec's words, paths relative to its properties ("/title"). */
export function blockErrors(registry: SchemaRegistry, type: string, properties: Record<string, unknown>): ValidationError[] {
  // The registry fills defaults in place: validate a copy so the store's object is never touched.
  return registry.validateBlockProperties(type, structuredClone(properties), '');
}

export interface BlockPropertiesFormProps {
  registry: SchemaRegistry;
  uid: string;
  type: string;
  properties: Record<string, unknown>;
  divisionId: number | null;
  onChange: (patch: Record<string, unknown>, gesture: string) => void;
  /** The device being edited: `properties` are then that device's values (src/core/blocks/responsive.ts). */
  responsive?: ResponsiveEditing | undefined;
}

/** The form of one block: schema and uiSchema derived from its type (cached per type), no per-block code. */
export function BlockPropertiesForm({ registry, uid, type, properties, divisionId, onChange, responsive }: BlockPropertiesFormProps) {
  const schema = useMemo(() => blockFormSchema(registry, type), [registry, type]);
  const uiSchema = uiSchemaOf(schema);
  const validate = useCallback((data: Record<string, unknown>) => blockErrors(registry, type, data), [registry, type]);
  return (
    <SchemaForm
      // Another device is another document: its own errors and gestures.
      scope={responsive ? `${uid}@${responsive.breakpoint}` : uid}
      idPrefix={`block-${type}`}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={properties}
      divisionId={divisionId}
      validate={validate}
      onChange={onChange}
      responsive={responsive}
    />
  );
}
