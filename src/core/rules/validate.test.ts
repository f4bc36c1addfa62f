import { describe, expect, it, vi } from 'vitest';
import { EU_COUNTRY_CODES } from '../countries';
import type { JsonSchema } from '../schemas/types';
import { COLOUR_REQUIRED_MESSAGE, createRuleBook, hasServerRules, parseNumberField, parseRules, validateForm, validateFormSync, validateValue, validateValueSync } from '.';

const files = import.meta.glob<JsonSchema>('../../../schemas/rules/*.json', { eager: true, import: 'default' });
const docs = Object.fromEntries(Object.entries(files).map(([file, doc]) => [file.replace(/^.*\/|\.json$/g, ''), doc]));
const book = createRuleBook(docs);

describe('parseRules', () => {
  it('reads the compact string form', () => {
    expect(parseRules('required|email|min_length:5|ext:jpg, png')).toEqual([
      { kind: 'schema', name: 'required', params: [] },
      { kind: 'schema', name: 'email', params: [] },
      { kind: 'schema', name: 'min_length', params: [5] },
      { kind: 'schema', name: 'ext', params: ['jpg', 'png'] },
    ]);
  });

  it('ignores empty segments and spaces', () => {
    expect(parseRules(' required || email ')).toEqual(parseRules('required|email'));
    expect(parseRules('')).toEqual([]);
    expect(parseRules(undefined)).toEqual([]);
  });

  it('reads the array form, including compact strings inside it', () => {
    const parsed = parseRules([{ rule: 'min_length', params: [5] }, 'required|numeric', { rule: 'email', silent: true }]);
    expect(parsed).toEqual([
      { kind: 'schema', name: 'min_length', params: [5], silent: undefined },
      { kind: 'schema', name: 'required', params: [] },
      { kind: 'schema', name: 'numeric', params: [] },
      { kind: 'schema', name: 'email', params: [], silent: true },
    ]);
  });

  it('reads regex and server rules', () => {
    const [regex, server] = parseRules([
      { rule: 'regex', pattern: '^[A-Z]+$', message: 'Capitals only' },
      { rule: 'server', path: '/omnis/v3/check/', message: 'Taken' },
    ]);
    expect(regex).toMatchObject({ kind: 'regex', message: 'Capitals only' });
    expect(server).toEqual({ kind: 'server', path: '/omnis/v3/check/', message: 'Taken', silent: undefined });
  });

  it('rejects regex and server rules without their fields', () => {
    expect(() => parseRules([{ rule: 'regex' }])).toThrow('Rule regex needs a pattern and a message');
    expect(() => parseRules([{ rule: 'server' }])).toThrow('Rule server needs a path and a message');
  });
});

describe('validateValue', () => {
  it('collects every failing rule in order', () => {
    expect(validateValueSync('A b', 'lowercase|alpha|min_length:5', { book }).errors).toEqual([
      'must be lowercase',
      'must contain only alphanumeric characters',
      'Must contain at least 5 characters',
    ]);
  });

  it('fails only required on an empty value', () => {
    expect(validateValueSync('', 'required|email|min_length:5', { book }).errors).toEqual(['This field is required']);
    expect(validateValueSync('', 'email|min_length:5', { book }).valid).toBe(true);
  });

  it('turns failures of silent rules into advisories that count as valid', () => {
    expect(validateValueSync('abc', [{ rule: 'email', silent: true }, 'min_length:2'], { book })).toEqual({
      valid: true,
      errors: [],
      advisories: ['Please enter a valid email address'],
    });
    expect(validateValueSync('abc', [{ rule: 'email', silent: true }, 'min_length:5'], { book })).toEqual({
      valid: false,
      errors: ['Must contain at least 5 characters'],
      advisories: ['Please enter a valid email address'],
    });
  });

  it('honours x-rule.silent from the schema unless the form overrides it', () => {
    const quiet = createRuleBook({ ...docs, email: { ...docs.email, 'x-rule': { name: 'email', silent: true } } });
    expect(validateValueSync('x', 'email', { book: quiet })).toEqual({ valid: true, errors: [], advisories: ['Please enter a valid email address'] });
    expect(validateValueSync('x', [{ rule: 'email', silent: false }], { book: quiet }).errors).toEqual(['Please enter a valid email address']);
  });

  it('runs custom regex rules with their message, on text of numbers too', () => {
    const rules = [{ rule: 'regex', pattern: '^\\d{3}$', message: 'Three digits' }] as const;
    expect(validateValueSync('12', rules, { book }).errors).toEqual(['Three digits']);
    expect(validateValueSync(123, rules, { book }).valid).toBe(true);
    expect(validateValueSync('', rules, { book }).valid).toBe(true);
  });

  it('accepts RegExp patterns and ignores their global flag', () => {
    const rules = [{ rule: 'regex', pattern: /^a/gi, message: 'Starts with a' }] as const;
    for (let i = 0; i < 3; i += 1) expect(validateValueSync('Abc', rules, { book }).valid).toBe(true);
  });

  it('POSTs the value for server rules and fails on a falsy answer', async () => {
    const post = vi.fn(async (_path: string, body: unknown) => (body as { value: string }).value !== 'taken');
    const rules = ['required', { rule: 'server', path: '/omnis/v3/check/', message: 'Already in use' }] as const;
    expect(await validateValue('free', rules, { book, post })).toEqual({ valid: true, errors: [], advisories: [] });
    expect(await validateValue('taken', rules, { book, post })).toEqual({ valid: false, errors: ['Already in use'], advisories: [] });
    expect(post).toHaveBeenCalledWith('/omnis/v3/check/', { value: 'taken' });
  });

  it.each([[0], [null], [''], [undefined]])('treats the answer %j as a failure', async (answer) => {
    const rules = [{ rule: 'server', path: '/p', message: 'No' }] as const;
    expect((await validateValue('x', rules, { book, post: async () => answer })).errors).toEqual(['No']);
  });

  it('fails a server rule whose call fails', async () => {
    const rules = [{ rule: 'server', path: '/p', message: 'No' }] as const;
    const post = () => Promise.reject(new Error('offline'));
    expect((await validateValue('x', rules, { book, post })).errors).toEqual(['No']);
  });

  it('skips the round trip when the value is empty or already failing', async () => {
    const post = vi.fn(async () => false);
    const rules = ['email', { rule: 'server', path: '/p', message: 'No' }] as const;
    expect(await validateValue('', rules, { book, post })).toEqual({ valid: true, errors: [], advisories: [] });
    expect((await validateValue('bad', rules, { book, post })).errors).toEqual(['Please enter a valid email address']);
    expect(post).not.toHaveBeenCalled();
  });

  it('reports a silent server rule as an advisory', async () => {
    const rules = [{ rule: 'server', path: '/p', message: 'Looks unusual', silent: true }] as const;
    expect(await validateValue('x', rules, { book, post: async () => false })).toEqual({ valid: true, errors: [], advisories: ['Looks unusual'] });
  });

  it('needs post for server rules and keeps them out of the sync path', async () => {
    const rules = [{ rule: 'server', path: '/p', message: 'No' }] as const;
    await expect(validateValue('x', rules, { book })).rejects.toThrow('Server rule /p needs ctx.post');
    expect(() => validateValueSync('x', rules, { book })).toThrow('validateValueSync cannot run server rules');
    expect(hasServerRules(rules)).toBe(true);
    expect(hasServerRules('required|email')).toBe(false);
  });

  it('accepts every §5.2 EU country code as a VAT prefix', () => {
    for (const code of EU_COUNTRY_CODES) expect(validateValueSync(`${code}12345678`, 'vat', { book }).valid).toBe(true);
  });
});

describe('validateForm', () => {
  const fieldRules = { email: 'required|email', firstName: 'required', age: 'min_value:18', note: '' };

  it('passes only if every field passes, with a list per field', async () => {
    const ok = await validateForm({ email: 'jo@example.com', firstName: 'Jo', age: 30 }, fieldRules, { book });
    expect(ok).toEqual({
      valid: true,
      errors: { email: [], firstName: [], age: [], note: [] },
      advisories: { email: [], firstName: [], age: [], note: [] },
    });
    const bad = await validateForm({ email: 'jo', firstName: ' ', age: '17' }, fieldRules, { book });
    expect(bad.valid).toBe(false);
    expect(bad.errors).toEqual({ email: ['Please enter a valid email address'], firstName: ['This field is required'], age: ['Min 18'], note: [] });
  });

  it('fails the form when one field fails', async () => {
    expect((await validateForm({ email: 'jo@example.com', firstName: '', age: 30 }, fieldRules, { book })).valid).toBe(false);
  });

  it('runs server rules of several fields', async () => {
    const post = vi.fn(async (path: string) => path === '/ok');
    const result = await validateForm(
      { a: 'x', b: 'y' },
      { a: [{ rule: 'server', path: '/ok', message: 'A' }], b: [{ rule: 'server', path: '/no', message: 'B' }] },
      { book, post },
    );
    expect(result).toMatchObject({ valid: false, errors: { a: [], b: ['B'] } });
  });

  it('has a sync twin for forms without server rules', () => {
    expect(validateFormSync({ email: 'x' }, { email: 'email' }, { book })).toEqual({
      valid: false,
      errors: { email: ['Please enter a valid email address'] },
      advisories: { email: [] },
    });
  });
});

describe('parseNumberField', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    [null, 0],
    [undefined, 0],
    ['12', 12],
    [' 12.5 ', 12.5],
    ['-3', -3],
    ['.5', 0.5],
    ['3.', 3],
    [7, 7],
  ])('%j → %j', (raw, expected) => expect(parseNumberField(raw)).toBe(expected));

  it.each([['12px'], ['1e3'], ['1,5'], ['abc'], ['.']])('%j is not a decimal (NaN)', (raw) => expect(parseNumberField(raw)).toBeNaN());
});

it('exports the colour selector message', () => expect(COLOUR_REQUIRED_MESSAGE).toBe('Please select a colour'));
