import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';

// WCAG 2.1 contrast, applied once to the whole theme. Mantine's stock palette puts grey text
// (gray.6 on white, 3.3:1), light badges (yellow.9 on yellow.1, 2.7:1), coloured text (red.6,
// 3.6:1) and white on mid-tone buttons below 4.5:1. Instead of picking shades screen by screen,
// every theme colour gets, per scheme, the first of its own shades that is readable on the
// surfaces the portal paints, so admin-chosen branding colours are covered too.

/** WCAG 1.4.3: normal text. Large text and UI parts need 3:1; text everywhere meets the stricter bar. */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const n = Number.parseInt(full.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

// The theme's resolver asks for the same few hundred colours on every provider render.
const luminances = new Map<string, number>();

/** Relative luminance (WCAG 2.1) of a hex colour. */
export function luminance(hex: string): number {
  let known = luminances.get(hex);
  if (known === undefined) {
    known = computeLuminance(hex);
    luminances.set(hex, known);
  }
  return known;
}

function computeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `amount` (0–1) of the way from `from` to `to`. */
export function mixColors(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex(a.map((c, i) => c + (b[i]! - c) * amount) as Rgb);
}

const readableOn = (color: string, surfaces: readonly string[]) =>
  surfaces.every((surface) => contrastRatio(color, surface) >= MIN_TEXT_CONTRAST);

/**
 * The first candidate readable on every surface; failing all, the candidate pushed towards black
 * or white (whichever the surfaces are not) until it is.
 */
export function firstReadable(candidates: readonly string[], surfaces: readonly string[]): string {
  const found = candidates.find((color) => readableOn(color, surfaces));
  if (found) return found;
  const last = candidates[candidates.length - 1]!;
  const darkSurfaces = surfaces.every((surface) => luminance(surface) < 0.2);
  const target = darkSurfaces ? '#ffffff' : '#000000';
  for (let step = 1; step <= 10; step += 1) {
    const pushed = mixColors(last, target, step / 10);
    if (readableOn(pushed, surfaces)) return pushed;
  }
  return target;
}

/**
 * The sign-in page's panel background: the school's primary colour to its secondary one (System
 * Settings), each end the darker shades of its palette, darkened further when white text would not
 * reach 4.5:1 on it (axe cannot measure a gradient, so the check is here).
 */
export function brandGradient(theme: MantineTheme): string {
  const end = (name: 'brand' | 'secondary') => {
    const palette = theme.colors[name]!;
    return firstReadable([palette[8]!, palette[9]!], ['#ffffff']);
  };
  return `linear-gradient(135deg, ${end('brand')}, ${end('secondary')})`;
}

type Palette = readonly string[];

/** A filled background and the text on it: white where a shade allows it, else black. */
function filled(palette: Palette, fromShade: number, white: string, black: string) {
  const shades = palette.slice(fromShade);
  const index = shades.findIndex((shade) => contrastRatio(white, shade) >= MIN_TEXT_CONTRAST);
  if (index >= 0) {
    const shade = fromShade + index;
    const hover =
      shade < 9 && contrastRatio(white, palette[shade + 1]!) >= MIN_TEXT_CONTRAST
        ? palette[shade + 1]!
        : mixColors(palette[shade]!, '#000000', 0.1);
    return { background: palette[shade]!, hover, text: white };
  }
  const background = palette[fromShade]!;
  if (contrastRatio(black, background) >= MIN_TEXT_CONTRAST) {
    const next = palette[Math.min(fromShade + 1, 9)]!;
    const hover = contrastRatio(black, next) >= MIN_TEXT_CONTRAST ? next : background;
    return { background, hover, text: black };
  }
  // Neither white nor black reads on this shade: darken it until white does.
  const darker = firstReadable([palette[9]!], [white]);
  return { background: darker, hover: mixColors(darker, '#000000', 0.1), text: white };
}

function shadeIndex(theme: MantineTheme, scheme: 'light' | 'dark'): number {
  const { primaryShade } = theme;
  return typeof primaryShade === 'number' ? primaryShade : primaryShade[scheme];
}

/** The surfaces text is painted on: page, card and the hover/quiet panels, per scheme. */
export function surfaces(theme: MantineTheme) {
  return {
    light: [theme.white, theme.colors.gray[0]!, theme.colors.gray[1]!],
    dark: [theme.colors.dark[7]!, theme.colors.dark[6]!, theme.colors.dark[5]!],
  };
}

/**
 * Mantine CSS variables (per colour: filled, filled-hover, text, outline, light-color, contrast;
 * page-wide: dimmed, placeholder, error, anchor) chosen to meet 4.5:1 on the portal's surfaces.
 */
export const accessibleColorVariables: CSSVariablesResolver = (theme) => {
  // Mantine resolves the variables on each render of its provider; the theme object is the same
  // until the theme changes.
  let resolved = resolvedVariables.get(theme);
  if (!resolved) {
    resolved = resolveColorVariables(theme);
    resolvedVariables.set(theme, resolved);
  }
  return resolved;
};

const resolvedVariables = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

function resolveColorVariables(theme: MantineTheme): ReturnType<CSSVariablesResolver> {
  const { light: lightSurfaces, dark: darkSurfaces } = surfaces(theme);
  const white = theme.white;
  const black = theme.black;
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const lightShade = shadeIndex(theme, 'light');
  const darkShade = shadeIndex(theme, 'dark');

  const textOf = (palette: Palette) => ({
    // Darker from the primary shade on light surfaces; lighter from shade 4 on dark ones.
    light: firstReadable(palette.slice(Math.min(lightShade, 6)), lightSurfaces),
    dark: firstReadable(palette.slice(0, 5).reverse(), darkSurfaces),
  });

  for (const [name, palette] of Object.entries(theme.colors)) {
    if (!palette || palette.length < 10) continue;
    const text = textOf(palette);
    const lightFilled = filled(palette, lightShade, white, black);
    const darkFilled = filled(palette, darkShade, white, black);
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: lightFilled.background,
      [`--mantine-color-${name}-filled-hover`]: lightFilled.hover,
      [`--mantine-color-${name}-contrast`]: lightFilled.text,
      [`--mantine-color-${name}-text`]: text.light,
      [`--mantine-color-${name}-outline`]: text.light,
      // Light variants paint the colour's shade 1 (hover shade 2); subtle ones sit on the page.
      [`--mantine-color-${name}-light-color`]: firstReadable(
        [palette[9]!],
        [palette[1]!, palette[2]!, ...lightSurfaces],
      ),
    });
    Object.assign(dark, {
      [`--mantine-color-${name}-filled`]: darkFilled.background,
      [`--mantine-color-${name}-filled-hover`]: darkFilled.hover,
      [`--mantine-color-${name}-contrast`]: darkFilled.text,
      [`--mantine-color-${name}-text`]: text.dark,
      [`--mantine-color-${name}-outline`]: text.dark,
      [`--mantine-color-${name}-light-color`]: firstReadable(
        [palette[0]!],
        [mixColors(palette[9]!, '#000000', 0.3), ...darkSurfaces],
      ),
    });
  }

  const { gray, dark: darkPalette } = theme.colors;
  const primary = theme.colors[theme.primaryColor]!;
  // Dimmed stays as quiet as it can: the lightest step between gray.6 and gray.7 that reads,
  // also on the primary colour's light panels (a selected calendar day, a highlighted row).
  const lightDimmed = firstReadable(
    [0, 0.25, 0.5, 0.75, 1].map((t) => mixColors(gray[6]!, gray[7]!, t)),
    [...lightSurfaces, primary[1]!],
  );
  const darkDimmed = firstReadable(
    [0, 0.25, 0.5, 0.75, 1].map((t) => mixColors(darkPalette[2]!, darkPalette[1]!, t)),
    [...darkSurfaces, mixColors(primary[9]!, '#000000', 0.3)],
  );
  const red = textOf(theme.colors.red!);
  const primaryText = textOf(primary);
  const primaryFilled = {
    light: filled(primary, lightShade, white, black),
    dark: filled(primary, darkShade, white, black),
  };
  const teal = textOf(theme.colors.teal!);

  Object.assign(light, {
    '--mantine-color-dimmed': lightDimmed,
    '--mantine-color-placeholder': lightDimmed,
    '--mantine-color-error': red.light,
    '--mantine-color-success': teal.light,
    '--mantine-color-anchor': primaryText.light,
    '--mantine-primary-color-contrast': primaryFilled.light.text,
  });
  Object.assign(dark, {
    '--mantine-color-dimmed': darkDimmed,
    '--mantine-color-placeholder': darkDimmed,
    '--mantine-color-error': red.dark,
    '--mantine-color-success': teal.dark,
    '--mantine-color-anchor': primaryText.dark,
    '--mantine-primary-color-contrast': primaryFilled.dark.text,
  });
  return { variables: {}, light, dark };
}
