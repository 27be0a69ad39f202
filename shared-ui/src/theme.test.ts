// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { colorShades } from './color-shades';
import {
  DEFAULT_BRANDING,
  DEFAULT_SHADES,
  createPortalTheme,
  isHexColor,
  needsColorGenerator,
} from './theme';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('colorShades', () => {
  it.each(['#3B82F6', '#10B981', '#F59E0B', '#7C3AED', '#FACC15'])(
    'gives ten shades of %s from light to dark, the colour itself among them',
    (hex) => {
      const shades = colorShades(hex);
      expect(shades).toHaveLength(10);
      expect(shades).toContain(hex.toLowerCase());
      const lum = shades.map(luminance);
      expect([...lum].sort((a, b) => b - a)).toEqual(lum);
    },
  );

  it('accepts short hex and refuses anything else', () => {
    expect(colorShades('#0f0')).toContain('#00ff00');
    expect(() => colorShades('blue')).toThrow(RangeError);
    expect(isHexColor('#12345')).toBe(false);
  });
});

describe('the default palettes', () => {
  it.each([
    DEFAULT_BRANDING.primaryColor,
    DEFAULT_BRANDING.secondaryColor,
    DEFAULT_BRANDING.accentColor,
  ])('are what the generator makes of %s', (hex) => {
    expect(DEFAULT_SHADES[hex.toLowerCase()]).toEqual(colorShades(hex));
  });

  it('need no generator; any other colour does', () => {
    expect(needsColorGenerator()).toBe(false);
    expect(needsColorGenerator(DEFAULT_BRANDING)).toBe(false);
    expect(needsColorGenerator({ primaryColor: '#3b82f6', accentColor: 'not a colour' })).toBe(
      false,
    );
    expect(needsColorGenerator({ secondaryColor: '#7C3AED' })).toBe(true);
  });
});

describe('createPortalTheme', () => {
  it("uses a school's own colour once given the generator, and the default's palette before", () => {
    expect(createPortalTheme({ primaryColor: '#7C3AED' }).colors?.brand).toEqual(
      DEFAULT_SHADES['#3b82f6'],
    );
    expect(
      createPortalTheme({ primaryColor: '#7C3AED' }, { close: 'Close' }, colorShades).colors?.brand,
    ).toEqual(colorShades('#7C3AED'));
  });

  it('uses the settings defaults as brand, secondary and accent colours', () => {
    const theme = createPortalTheme();
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand).toContain(DEFAULT_BRANDING.primaryColor.toLowerCase());
    expect(theme.colors?.secondary).toContain(DEFAULT_BRANDING.secondaryColor.toLowerCase());
    expect(theme.colors?.accent).toContain(DEFAULT_BRANDING.accentColor.toLowerCase());
  });

  it('keeps white text readable (4.5:1) on the default primary buttons', () => {
    const shade = createPortalTheme().colors?.brand?.[6] ?? '';
    expect(1.05 / (luminance(shade) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('applies valid branding and ignores invalid values', () => {
    const theme = createPortalTheme(
      { primaryColor: '#7c3aed', accentColor: 'not a colour' },
      { close: 'Close' },
      colorShades,
    );
    expect(theme.colors?.brand).toContain('#7c3aed');
    expect(theme.colors?.accent).toContain(DEFAULT_BRANDING.accentColor.toLowerCase());
  });
});
