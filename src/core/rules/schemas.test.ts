import { describe, expect, it } from 'vitest';
import { createSchemaRegistry, SCHEMA_BASE } from '../schemas/registry';
import type { JsonSchema } from '../schemas/types';
import { createRuleBook } from './book';
import { PARAM_CHECKS } from './params';
import type { RuleMeta } from './types';

const files = import.meta.glob<JsonSchema>('../../../schemas/rules/*.json', { eager: true, import: 'default' });
const docs = Object.fromEntries(Object.entries(files).map(([file, doc]) => [file.replace(/^.*\/|\.json$/g, ''), doc]));
const names = Object.keys(docs);

/** The keywords that make up a rule's check (everything but identity, annotations and the message). */
const checkOf = (doc: JsonSchema) =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !/^(\$schema|\$id|title|description|errorMessage|x-.*)$/.test(key)));

describe('schemas/rules', () => {
  it('has the files', () => expect(names.length).toBeGreaterThanOrEqual(41));

  it('all compile in the schema registry', () => {
    const registry = createSchemaRegistry({ blocks: {}, entities: {}, themes: {}, rules: docs });
    for (const name of names) expect(registry.schema(`rules/${name}`)).toBeDefined();
    expect(registry.validate('rules/email', 'nope')).toEqual([{ path: '', message: 'Please enter a valid email address' }]);
    expect(registry.validate('rules/sms_2fa_code', '12')).toEqual([{ path: '', message: 'Invalid authentication code' }]);
  });

  it.each(names)('%s declares its $id and x-rule.name after its file name', (name) => {
    const doc = docs[name]!;
    expect(doc.$id).toBe(`${SCHEMA_BASE}rules/${name}.json`);
    expect((doc['x-rule'] as RuleMeta).name).toBe(name);
    // A message of its own, or one reached through $ref (sms_2fa_code → app_2fa_code).
    expect(typeof doc.errorMessage === 'string' || typeof doc.$ref === 'string').toBe(true);
  });

  const parameterised = names.filter((name) => (docs[name]!['x-rule'] as RuleMeta).params);

  it('has a check builder exactly for the parameterised rules', () => {
    expect(parameterised.sort()).toEqual(Object.keys(PARAM_CHECKS).sort());
  });

  it.each(parameterised)('%s: the file holds the built check for its defaults and a template message', (name) => {
    const doc = docs[name]!;
    const params = (doc['x-rule'] as RuleMeta).params!;
    expect(doc['x-message']).toMatch(/\{\w+\}/);
    const complete = Object.values(params).every((value) => value !== null && !(Array.isArray(value) && value.length === 0));
    if (complete) {
      expect(checkOf(doc)).toEqual(PARAM_CHECKS[name]!(params));
      expect(doc.errorMessage).toBe((doc['x-message'] as string).replace(/\{(\w+)\}/g, (_, key: string) => String(params[key])));
    } else {
      // No default: the file checks only the value's type, and the engine insists on the parameter.
      expect(checkOf(doc)).toEqual({ type: doc.type, ...(doc.items ? { items: doc.items } : {}) });
    }
  });

  it('refuses a document whose x-rule.name differs from its file name', () => {
    expect(() => createRuleBook({ ...docs, email: { ...docs.email, 'x-rule': { name: 'mail' } } })).toThrow(
      'Rule schema email.json must declare x-rule.name "email"',
    );
  });

  it('needs the required rule, which defines empty values', () => {
    const { required: _, ...rest } = docs;
    expect(() => createRuleBook(rest)).toThrow('The rule book needs the required rule');
  });
});
