import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';
import { addAnnotationKeywords } from './keywords';

/**
 * The one ajv set-up every compiled schema uses (registry, rule book): JSON Schema 2020-12, strict mode with
 * our annotation keywords, formats, ajv-errors for the spec's messages. useDefaults fills defaults in place.
 */
export function createAjv({ useDefaults = true }: { useDefaults?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, useDefaults, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajvErrors(ajv);
  addAnnotationKeywords(ajv);
  return ajv;
}
