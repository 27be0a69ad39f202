import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, colorShades, createPortalTheme, isHexColor } from './theme';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('colorShades', () => {
  it('gives ten shades from light to dark with the colour itself at index 5', () => {
    const shades = colorShades('#3B82F6');
    expect(shades).toHaveLength(10);
    expect(shades[5]).toBe('#3b82f6');
    const lum = shades.map(luminance);
    expect([...lum].sort((a, b) => b - a)).toEqual(lum);
  });

  it('accepts short hex and refuses anything else', () => {
    expect(colorShades('#0f0')[5]).toBe('#00ff00');
    expect(() => colorShades('blue')).toThrow(RangeError);
    expect(isHexColor('#12345')).toBe(false);
  });
});

describe('createPortalTheme', () => {
  it('uses the settings defaults as brand, secondary and accent colours', () => {
    const theme = createPortalTheme();
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors?.brand?.[5]).toBe(DEFAULT_BRANDING.primaryColor.toLowerCase());
    expect(theme.colors?.secondary?.[5]).toBe(DEFAULT_BRANDING.secondaryColor.toLowerCase());
    expect(theme.colors?.accent?.[5]).toBe(DEFAULT_BRANDING.accentColor.toLowerCase());
  });

  it('keeps white text readable (4.5:1) on the default primary buttons', () => {
    const shade = createPortalTheme().colors?.brand?.[6] ?? '';
    expect(1.05 / (luminance(shade) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('applies valid branding and ignores invalid values', () => {
    const theme = createPortalTheme({ primaryColor: '#7c3aed', accentColor: 'not a colour' });
    expect(theme.colors?.brand?.[5]).toBe('#7c3aed');
    expect(theme.colors?.accent?.[5]).toBe(DEFAULT_BRANDING.accentColor.toLowerCase());
  });
});
