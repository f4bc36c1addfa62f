import type Ajv from 'ajv';

/**
 * Annotation keywords our schemas carry for tools (builder palette, panels, QA).
 * They are declared so ajv's strict mode still rejects misspelt real keywords.
 */
export const ANNOTATION_KEYWORDS = [
  'x-block', // block type metadata (title, compatibility, container, size)
  'x-ui', // editor hints: widget, group, help, order
  'x-enumLabels', // human labels for enum values, same order as enum
  'x-message', // the spec's message for a rule
  'x-rule', // rule metadata (name, params, silent, server path)
  'x-family', // theme family metadata
  'x-css', // theme property → CSS custom property name override
  'x-expect', // fixtures: the message an invalid fixture must produce
] as const;

export function addAnnotationKeywords(ajv: Ajv): void {
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: ['object', 'array', 'string', 'number', 'boolean'] });
}
