import { describe, expect, it } from 'vitest';
import {
  BREAKPOINT_BELOW,
  DEVICE_WIDTHS,
  blockSelector,
  breakpointAt,
  breakpointRules,
  overriddenAt,
  propertiesAt,
  safeDeclarations,
  valueSource,
  withOverrides,
} from './responsive';

const banner = {
  properties: { title: 'Sale', textAlign: 'center', fontScale: 1 },
  responsive: { tablet: { fontScale: 0.8 }, phone: { textAlign: 'left' } },
};

describe('breakpoints', () => {
  it('are §9 md and lg, and the canvas devices fall one in each', () => {
    expect(BREAKPOINT_BELOW).toEqual({ tablet: 992, phone: 768 });
    expect(breakpointAt(DEVICE_WIDTHS.desktop)).toBe('desktop');
    expect(breakpointAt(DEVICE_WIDTHS.tablet)).toBe('tablet');
    expect(breakpointAt(DEVICE_WIDTHS.phone)).toBe('phone');
    expect(breakpointAt(1366)).toBe('desktop');
    expect([breakpointAt(991), breakpointAt(992), breakpointAt(767), breakpointAt(768)]).toEqual(['tablet', 'desktop', 'phone', 'tablet']);
  });
});

describe('propertiesAt', () => {
  it('takes desktop, then tablet inherits desktop and phone inherits tablet', () => {
    expect(propertiesAt(banner, 'desktop')).toBe(banner.properties);
    expect(propertiesAt(banner, 'tablet')).toEqual({ title: 'Sale', textAlign: 'center', fontScale: 0.8 });
    expect(propertiesAt(banner, 'phone')).toEqual({ title: 'Sale', textAlign: 'left', fontScale: 0.8 });
  });

  it('answers the same object for the same block (memoised panels and hosts rely on it)', () => {
    expect(propertiesAt(banner, 'phone')).toBe(propertiesAt(banner, 'phone'));
    expect(propertiesAt({ properties: banner.properties }, 'phone')).toBe(banner.properties);
  });

  it('says where a value comes from and where it is overridden', () => {
    expect(valueSource(banner, 'phone', 'textAlign')).toBe('phone');
    expect(valueSource(banner, 'phone', 'fontScale')).toBe('tablet');
    expect(valueSource(banner, 'tablet', 'textAlign')).toBe('desktop');
    expect(valueSource(banner, 'desktop', 'fontScale')).toBe('desktop');
    expect(overriddenAt(banner, 'textAlign')).toEqual(['phone']);
    expect(overriddenAt(banner, 'title')).toEqual([]);
  });
});

describe('withOverrides', () => {
  it('sets and resets one breakpoint, keeping only what is overridden', () => {
    const set = withOverrides(undefined, 'phone', { textAlign: 'left' });
    expect(set).toEqual({ phone: { textAlign: 'left' } });
    expect(withOverrides(set, 'tablet', { fontScale: 0.5 })).toEqual({ phone: { textAlign: 'left' }, tablet: { fontScale: 0.5 } });
    expect(withOverrides(set, 'phone', { textAlign: undefined })).toBeUndefined();
    expect(withOverrides(banner.responsive, 'phone', { textAlign: undefined })).toEqual({ tablet: { fontScale: 0.8 } });
  });
});

describe('breakpointRules', () => {
  const selector = blockSelector('b1');

  it('switches only what differs from the breakpoint above, narrower rules last', () => {
    const css = breakpointRules(selector, {
      desktop: { '--a': 'center', '--b': 1 },
      tablet: { '--a': 'center', '--b': 0.8 },
      phone: { '--a': 'left', '--b': 0.8 },
    });
    expect(css).toBe(
      '@container pod-viewport (width < 992px){[data-block-uid="b1"]{--b:0.8 !important}}' +
        '@container pod-viewport (width < 768px){[data-block-uid="b1"]{--a:left !important}}',
    );
  });

  it('is empty when every breakpoint is the same', () => {
    const same = { '--a': 'left' };
    expect(breakpointRules(selector, { desktop: same, tablet: same, phone: same })).toBe('');
  });

  it('never lets a value or a uid break out of its declaration or the style element', () => {
    const css = breakpointRules(blockSelector('x"]{}</style><script>'), {
      desktop: { '--a': 'left' },
      tablet: { '--a': 'red;} body{display:none', '--b': 'url(</style>)', '--c': 'x !important' },
      phone: { '--a': 'right' },
    });
    expect(css).not.toContain('</style');
    expect(css).not.toContain('display:none');
    expect(css).toContain('[data-block-uid="x\\"]{}\\3c /style>\\3c script>"]');
    expect(safeDeclarations({ '--ok': 'left', '--bad': 'a;b', 'Bad Name': 'x' })).toEqual({ '--ok': 'left' });
  });
});
