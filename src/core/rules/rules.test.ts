import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../schemas/types';
import { createRuleBook } from './book';
import { validateValueSync } from './validate';

const files = import.meta.glob<JsonSchema>('../../../schemas/rules/*.json', { eager: true, import: 'default' });
const docs = Object.fromEntries(Object.entries(files).map(([file, doc]) => [file.replace(/^.*\/|\.json$/g, ''), doc]));
const book = createRuleBook(docs);

const meta = '<meta name="google-site-verification" content="abc123" />';
const frame = '<iframe width="560" height="315" src="https://www.youtube.com/embed/x" allowfullscreen></iframe>';

/**
 * Every rule with its §5.1 message verbatim (the spec's capitalisation), values that pass and values
 * that fail. Parameterised rules are listed with the parameters used; defaults are tested below.
 */
const TABLE: { rule: string; message: string; pass: unknown[]; fail: unknown[] }[] = [
  { rule: 'required', message: 'This field is required', pass: ['a', 0, '0', true, ['x'], ' x '], fail: ['', '   ', null, undefined, false, []] },
  { rule: 'email', message: 'Please enter a valid email address', pass: ['jo@example.com', 'a.b+c@shop.co.uk'], fail: ['jo', 'jo@', '@x.com', 'jo@@x.com'] },
  { rule: 'url', message: 'Please enter a valid url', pass: ['https://shop.example.com/a?b=1', 'http://x.io', 'www.example.com', 'example.co.uk/about'], fail: ['notaurl', 'https://', 'ftp://x.com', 'http://exa mple.com', 'javascript:alert(1)'] },
  { rule: 'domain', message: 'Please enter a valid domain', pass: ['example.com', 'shop.example.co.uk', 'my-store.io'], fail: ['example', 'https://example.com', 'example.com/path', '-x.com', 'a..com'] },
  { rule: 'password', message: 'Password cannot start or end with spaces', pass: ['secret', 'two words', 'x'], fail: [' secret', 'secret ', '\tsecret'] },
  { rule: 'app_2fa_code', message: 'Invalid authentication code', pass: ['123456', '123 456', 123456], fail: ['12345', '1234567', '12 3456', '123  456', 'abcdef'] },
  { rule: 'sms_2fa_code', message: 'Invalid authentication code', pass: ['654321', '654 321'], fail: ['65432', '654-321'] },
  { rule: 'recovery_code', message: 'Invalid recovery code', pass: ['abcd1234-EFGH5678'], fail: ['abcd1234EFGH5678', 'abcd123-EFGH5678', 'abcd1234-EFGH567!'] },
  { rule: 'charity', message: 'Invalid Charity Number', pass: ['1234567', '202918', '1234567-1', 'SC012345', 'NIC100002'], fail: ['12345', 'ABC123', 'SC1234'] },
  { rule: 'vat', message: 'Invalid Vat Number', pass: ['GB123456789', '123 4567 89', 'GB 123 4567 89 012', 'GD123', 'XI123456789', 'EL123456789', 'FR12345678901'], fail: ['GB12345', 'US123456789', 'GR123456789', 'gb123456789'] },
  { rule: 'company', message: 'Invalid Company Number', pass: ['01234567', 'SC123456', 'oc123456', ''], fail: ['12345', 'SC12345', '123456789'] },
  { rule: 'ga_measurement_id', message: 'Invalid measurement ID', pass: ['G-ABCDE12345', 'G-ABC1234', 'G-ABCDEF123456'], fail: ['G-ABC123', 'G-ABCDEF1234567', 'UA-1234-1', 'g-abcde12345'] },
  { rule: 'ga_tracking_id', message: 'Invalid tracking ID', pass: ['UA-12345678-1'], fail: ['UA-123-1', 'G-ABCDE12345', 'UA-12345678'] },
  { rule: 'fb_pixel', message: 'Invalid Facebook Pixel', pass: ['123456789012345', '1234567890123456'], fail: ['12345678901234', '12345678901234567', '12345678901234a'] },
  { rule: 'gads_conversion_id', message: 'Invalid conversion ID', pass: ['1234567', '123456789012'], fail: ['123456', '1234567890123', 'AW-1234567'] },
  { rule: 'gads_conversion_label', message: 'Invalid conversion label', pass: ['abcDEF123_-abcDEF12', 'a'.repeat(22)], fail: ['a'.repeat(17), 'a'.repeat(23), 'abcDEF123 abcDEF123'] },
  { rule: 'pinterest_pixel', message: 'Invalid Pinterest Pixel', pass: ['2612345678901'], fail: ['261234567890', '26123456789012', 'abc'] },
  ...['google_verification', 'pinterest_verification', 'facebook_verification'].map((rule) => ({
    rule,
    message: 'Invalid verification snippet',
    pass: [meta, '<meta name="p:domain_verify" content="abc"/>', "<META property='x' content='y'>"],
    fail: ['abc123', '<meta name="x">', '<meta http-equiv="refresh" content="0;url=https://evil">', `${meta}<script>x</script>`, '<meta name="x" content="y"><meta name="a" content="b">'],
  })),
  {
    rule: 'iframe',
    message: 'Invalid Embed Code',
    pass: [frame, "<iframe src='http://x.com/a'></iframe>", '<IFRAME src=https://x.com/a frameborder=0></IFRAME>'],
    fail: [
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe title=" src=https://x.com" src="javascript:alert(1)"></iframe>',
      '<iframe src="https://x.com" onload="alert(1)"></iframe>',
      '<iframe srcdoc="<b>x</b>" src="https://x.com"></iframe>',
      '<iframe src="https://x.com" src="https://y.com"></iframe>',
      '<iframe width="1"></iframe>',
      `${frame}<script></script>`,
      '<iframe src="https://x.com">text</iframe>',
      '<div></div>',
    ],
  },
  { rule: 'alpha', message: 'must contain only alphanumeric characters', pass: ['abc123', 'Café', 42], fail: ['abc-1', 'a b', 'a_b'] },
  { rule: 'alpha_dash', message: 'must contain only alphanumeric characters or dashes', pass: ['my-store-1'], fail: ['my store', 'my_store'] },
  { rule: 'alpha_spaces', message: 'Must contain only alphanumeric characters, dashes or spaces', pass: ['Jo Smith-Jones 2'], fail: ["O'Neil", 'a!'] },
  { rule: 'alpha_spaces_punctuation', message: "must contain only alphanumeric characters or '-;!#", pass: ["Hey! It's #1; go-go"], fail: ['a, b', 'a.b', 'a?'] },
  { rule: 'numeric', message: 'must contain only numeric characters', pass: ['0123', 42], fail: ['1.5', '-1', '1a'] },
  { rule: 'numeric_float', message: 'must contain only numeric characters or a decimal point', pass: ['12', '12.5', '.5', '12.', 1.25], fail: ['1.2.3', '-1', '1,5', '.'] },
  { rule: 'number_required', message: 'Must contain at least one number', pass: ['abc1', '9'], fail: ['abc', '!?'] },
  { rule: 'two_decimal_places', message: 'Must contain a number with up to two decimal places', pass: ['10', '10.5', '10.55', '-3.1', 7.25], fail: ['10.555', '10.', 'ten', 0.1 + 0.2] },
  { rule: 'positive_number', message: 'must contain a positive number', pass: [1, '0.01', ' 5 '], fail: [0, -1, '0', '-2.5', 'abc'] },
  { rule: 'uk_phone_number', message: 'must contain a valid UK phone number', pass: ['07700 900123', '+44 7700 900123', '+44 (0)20 7946 0018', '020-7946-0018', '01632 96011'], fail: ['12345', '+1 555 123 4567', '0770090012345', '7700900123'] },
  { rule: 'uk_sort_code', message: 'must contain a valid sort code', pass: ['12-34-56'], fail: ['123456', '12 34 56', '12-34-5'] },
  { rule: 'uk_postcode', message: 'must contain a valid postcode', pass: ['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'GIR 0AA'], fail: ['12345', 'SW1A', 'SW1A 1A'] },
  { rule: 'uk_national_insurance_number', message: 'must contain a valid National Insurance number', pass: ['AB123456C', 'AB 12 34 56 C'], fail: ['QQ123456C', 'GB123456A', 'AB123456E', 'AB12345C'] },
  { rule: 'uk_bank_account_number', message: 'must contain a valid bank account number', pass: ['12345678', 12345678], fail: ['1234567', '123456789', '1234-5678'] },
  { rule: 'lowercase', message: 'must be lowercase', pass: ['abc-1 é', '123'], fail: ['Abc', 'abC', 'É'] },
  { rule: 'min_length:5', message: 'Must contain at least 5 characters', pass: ['abcde', 12345], fail: ['abcd'] },
  { rule: 'max_length:4', message: 'Must contain no more than 4 characters', pass: ['abcd', 'ab'], fail: ['abcde', 12345] },
  { rule: 'min_value:5', message: 'Min 5', pass: [5, '5', 6.5], fail: [4.99, '4', 'x'] },
  { rule: 'max_value:10', message: 'Max 10', pass: [10, '9.5', -3], fail: [10.01, '11'] },
  {
    rule: 'ext:jpg,png',
    message: 'Must upload the following formats: jpg, png',
    pass: ['photo.jpg', 'PHOTO.PNG', ['a.jpg', 'b.png'], { name: 'c.Jpg' }],
    fail: ['photo.gif', 'photo.jpg.exe', 'jpg', ['a.jpg', 'b.gif'], { name: 'c.svg' }],
  },
];

const baseName = (rule: string) => rule.split(':')[0]!;

describe('rule table', () => {
  it('covers every rule file', () => {
    expect([...new Set(TABLE.map((row) => baseName(row.rule)))].sort()).toEqual(book.names);
  });

  describe.each(TABLE)('$rule', ({ rule, message, pass, fail }) => {
    it.each(pass.map((value) => [value]))('passes %j', (value) => {
      expect(validateValueSync(value, rule, { book })).toEqual({ valid: true, errors: [], advisories: [] });
    });
    it.each(fail.map((value) => [value]))('fails %j with its message', (value) => {
      expect(validateValueSync(value, rule, { book })).toEqual({ valid: false, errors: [message], advisories: [] });
    });
    if (rule !== 'required') {
      it.each([[''], ['  '], [null], [undefined], [[]]])('passes the empty value %j', (value) => {
        expect(validateValueSync(value, rule, { book }).valid).toBe(true);
      });
    }
  });
});

describe('parameter defaults and substitution', () => {
  it.each([
    ['min_length', 'ab', 'abc', 'Must contain at least 3 characters'],
    ['max_length', 'abcdefghijk', 'abcdefghij', 'Must contain no more than 10 characters'],
  ])('%s defaults from its schema', (rule, failing, passing, message) => {
    expect(validateValueSync(failing, rule, { book }).errors).toEqual([message]);
    expect(validateValueSync(passing, rule, { book }).valid).toBe(true);
  });

  it('takes parameters positionally, by name, and from the compact form alike', () => {
    const forms = ['min_length:6', [{ rule: 'min_length', params: [6] }], [{ rule: 'min_length', params: { n: 6 } }]] as const;
    for (const rules of forms) expect(validateValueSync('abcde', rules, { book }).errors).toEqual(['Must contain at least 6 characters']);
  });

  it('fills every parameter set independently (cached per rule and parameters)', () => {
    expect(validateValueSync(3, 'min_value:4', { book }).errors).toEqual(['Min 4']);
    expect(validateValueSync(3, 'min_value:2', { book }).valid).toBe(true);
    expect(validateValueSync(3, 'min_value:4', { book }).errors).toEqual(['Min 4']);
    expect(validateValueSync(-1, 'min_value:-0.5', { book }).errors).toEqual(['Min -0.5']);
  });

  it('joins ext formats with ", " and accepts a leading dot', () => {
    expect(validateValueSync('a.gif', [{ rule: 'ext', params: ['.svg', 'webp', 'jpeg'] }], { book }).errors).toEqual([
      'Must upload the following formats: .svg, webp, jpeg',
    ]);
    expect(validateValueSync('a.SVG', [{ rule: 'ext', params: ['.svg'] }], { book }).valid).toBe(true);
    expect(validateValueSync('a.jpg', [{ rule: 'ext', params: { formats: 'jpg' } }], { book }).valid).toBe(true);
  });

  it('escapes regex characters in ext formats', () => {
    expect(validateValueSync('a.tarxgz', 'ext:tar.gz', { book }).valid).toBe(false);
    expect(validateValueSync('a.tar.gz', 'ext:tar.gz', { book }).valid).toBe(true);
  });

  it.each([
    ['min_value', 'Rule min_value needs parameter n'],
    ['max_value', 'Rule max_value needs parameter n'],
    ['ext', 'Rule ext needs parameter formats'],
    ['required:1', 'Rule required takes no parameters'],
    ['min_length:abc', 'Rule min_length needs a whole number of characters, got abc'],
    ['min_length:-1', 'Rule min_length needs a whole number of characters, got -1'],
    ['max_value:x', 'Rule max_value needs a number, got x'],
    ['no_such_rule', 'Unknown rule no_such_rule'],
  ])('%s is a form bug and throws', (rules, error) => {
    expect(() => validateValueSync('5', rules, { book })).toThrow(error);
  });
});
