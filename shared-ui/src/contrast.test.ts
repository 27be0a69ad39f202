// @vitest-environment node
import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  MIN_TEXT_CONTRAST,
  accessibleColorVariables,
  brandGradient,
  contrastRatio,
  firstReadable,
  mixColors,
  surfaces,
} from './contrast';
import { createPortalTheme, type PortalBranding } from './theme';

const themeWith = (branding: PortalBranding = {}): MantineTheme =>
  mergeMantineTheme(DEFAULT_THEME, createPortalTheme(branding));

describe('contrastRatio', () => {
  it('follows WCAG 2.1: black on white is 21:1, a colour on itself 1:1, order does not matter', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3b82f6', '#3b82f6')).toBeCloseTo(1, 5);
    expect(contrastRatio('#fff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 5);
    // #767676 is the classic lightest grey that passes on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('shows why the stock Mantine colours needed fixing', () => {
    const { gray, yellow, red } = DEFAULT_THEME.colors;
    expect(contrastRatio(gray[6], DEFAULT_THEME.white)).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(yellow[9], yellow[1])).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio(DEFAULT_THEME.white, red[6])).toBeLessThan(MIN_TEXT_CONTRAST);
  });
});

describe('firstReadable', () => {
  it('keeps the first candidate that reads on every surface', () => {
    expect(firstReadable(['#aaaaaa', '#595959', '#000000'], ['#ffffff'])).toBe('#595959');
  });

  it('darkens the last candidate on light surfaces and lightens it on dark ones', () => {
    const onLight = firstReadable(['#ffd43b'], ['#ffffff']);
    expect(contrastRatio(onLight, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const onDark = firstReadable(['#1c1c1c'], ['#242424']);
    expect(contrastRatio(onDark, '#242424')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('mixes colours channel by channel', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#102030', '#102030', 0.7)).toBe('#102030');
  });
});

// The admin may pick any colour in Settings → Appearance: pale, loud and dark ones are all covered.
const BRANDINGS: [string, PortalBranding][] = [
  ['the default branding', {}],
  [
    'a yellow primary',
    { primaryColor: '#FACC15', secondaryColor: '#A3E635', accentColor: '#22D3EE' },
  ],
  [
    'a very dark primary',
    { primaryColor: '#111827', secondaryColor: '#1E1B4B', accentColor: '#3F0D12' },
  ],
  [
    'a pale primary',
    { primaryColor: '#E0F2FE', secondaryColor: '#FEF9C3', accentColor: '#FCE7F3' },
  ],
];

describe.each(BRANDINGS)('accessibleColorVariables with %s', (_, branding) => {
  const theme = themeWith(branding);
  const variables = accessibleColorVariables(theme);
  const page = surfaces(theme);
  const names = Object.keys(theme.colors);

  const expectReadable = (color: string | undefined, on: readonly string[], what: string) => {
    expect(color, what).toMatch(/^#(?:[0-9a-f]{3}){1,2}$/i);
    for (const surface of on) {
      expect(contrastRatio(color!, surface), `${what} on ${surface}`).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  };

  it.each(['light', 'dark'] as const)(
    'every colour reads as text, outline and light variant (%s scheme)',
    (scheme) => {
      const vars = variables[scheme];
      for (const name of names) {
        expectReadable(vars[`--mantine-color-${name}-text`], page[scheme], `${name} text`);
        expectReadable(vars[`--mantine-color-${name}-outline`], page[scheme], `${name} outline`);
        const lightBackground =
          scheme === 'light'
            ? theme.colors[name]![1]!
            : mixColors(theme.colors[name]![9]!, '#000000', 0.3);
        expectReadable(
          vars[`--mantine-color-${name}-light-color`],
          [lightBackground, ...page[scheme]],
          `${name} light variant`,
        );
      }
    },
  );

  it.each(['light', 'dark'] as const)(
    'every filled colour carries readable text, also on hover (%s scheme)',
    (scheme) => {
      const vars = variables[scheme];
      for (const name of names) {
        const text = vars[`--mantine-color-${name}-contrast`];
        expectReadable(
          text,
          [vars[`--mantine-color-${name}-filled`]!, vars[`--mantine-color-${name}-filled-hover`]!],
          `${name} filled`,
        );
      }
      expectReadable(
        vars['--mantine-primary-color-contrast'],
        [vars[`--mantine-color-${theme.primaryColor}-filled`]!],
        'primary filled',
      );
    },
  );

  it.each(['light', 'dark'] as const)(
    'dimmed, placeholder, error, success and link texts read on every surface (%s scheme)',
    (scheme) => {
      const vars = variables[scheme];
      for (const name of ['dimmed', 'placeholder', 'error', 'success', 'anchor']) {
        expectReadable(vars[`--mantine-color-${name}`], page[scheme], name);
      }
    },
  );
});

describe('the theme’s filled variant', () => {
  const theme = themeWith();
  const resolve = theme.variantColorResolver;

  it('takes the text colour of a theme colour from the same variables as its background', () => {
    const colors = resolve({ color: 'red', theme, variant: 'filled' });
    expect(colors.background).toBe('var(--mantine-color-red-filled)');
    expect(colors.color).toBe('var(--mantine-color-red-contrast)');
  });

  it('leaves explicit shades and other variants to Mantine', () => {
    expect(resolve({ color: 'red.9', theme, variant: 'filled' }).color).not.toContain('contrast');
    expect(resolve({ color: 'red', theme, variant: 'light' }).color).toBe(
      'var(--mantine-color-red-light-color)',
    );
  });
});

describe('accessibleColorVariables is worked out once per theme', () => {
  it('answers the same variables for the same theme and new ones for a new theme', () => {
    const theme = themeWith();
    const first = accessibleColorVariables(theme);
    expect(accessibleColorVariables(theme)).toBe(first);
    // Another theme object whose red is the green palette: its error colour follows.
    const other = accessibleColorVariables({
      ...theme,
      colors: { ...theme.colors, red: theme.colors.green! },
    });
    expect(other.light['--mantine-color-error']).not.toBe(first.light['--mantine-color-error']);
  });
});

describe('brandGradient', () => {
  const ends = (gradient: string) => gradient.match(/#[0-9a-f]{6}/gi) ?? [];

  it("runs from the school's primary to its secondary colour, white text readable on both ends", () => {
    const theme = themeWith({ primaryColor: '#3B82F6', secondaryColor: '#10B981' });
    const [from, to] = ends(brandGradient(theme));
    expect(from).toBe(theme.colors.brand![8]);
    for (const end of [from!, to!]) expect(contrastRatio(end, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('follows the settings: another primary colour gives another gradient, still readable', () => {
    const school = themeWith({ primaryColor: '#F59E0B', secondaryColor: '#3B82F6' });
    const gradient = brandGradient(school);
    expect(gradient).not.toBe(brandGradient(themeWith()));
    const [from, to] = ends(gradient);
    expect(to).toBe(school.colors.secondary![8]);
    for (const end of [from!, to!]) expect(contrastRatio(end, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
