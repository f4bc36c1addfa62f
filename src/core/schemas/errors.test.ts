import { describe, expect, it } from 'vitest';
import { editorRegistry } from '../../editor/schemas';
import { formMessages, plainMessage } from './errors';

describe('validation messages in plain words', () => {
  const registry = editorRegistry();
  const messages = (type: string, properties: Record<string, unknown>) => registry.validateBlockProperties(type, properties, '').map((e) => `${e.path} ${e.message}`);

  it('a block too long, out of range or of the wrong type reads in §5.1 words, not ajv', () => {
    expect(messages('button', { text: 'x'.repeat(81) })).toContain('/text Must contain no more than 80 characters');
    expect(messages('banner', { overlayOpacity: 2 })).toContain('/overlayOpacity Max 1');
    expect(messages('banner', { overlayOpacity: -1 })).toContain('/overlayOpacity Min 0');
    expect(messages('banner', { title: 5 })).toContain('/title Must be text');
    expect(messages('banner', { title: 5, overlayOpacity: 'dim' }).join(' ')).not.toMatch(/must NOT|must be (string|number|integer|>=|<=)|must match/);
  });

  it('keeps the spec wording a schema gives itself, and the required message for an empty required text', () => {
    expect(messages('banner', { fontScale: 0 })).toContain('/fontScale Must be greater than 0');
    expect(plainMessage('minLength', { limit: 1 })).toBe(formMessages.required);
    expect(plainMessage('minLength', { limit: 3 })).toBe('Must contain at least 3 characters');
    expect(plainMessage('type', { type: 'string,null' })).toBe('Must be text or empty');
  });
});
