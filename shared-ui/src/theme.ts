import {
  Card,
  Drawer,
  Modal,
  Paper,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/** The colours an admin can change in System Settings → Appearance (hex). */
export interface PortalBranding {
  primaryColor?: string;
  secondaryColor?: string;
  accentColor?: string;
}

/** Settings defaults, so an untouched portal looks like its settings say. */
export const DEFAULT_BRANDING = {
  primaryColor: '#3B82F6',
  secondaryColor: '#10B981',
  accentColor: '#F59E0B',
} as const satisfies Required<PortalBranding>;

const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

function toRgb(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(rgb: [number, number, number], target: number, amount: number): string {
  return `#${rgb
    .map((c) =>
      Math.round(c + (target - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// Shade 5 is the chosen colour itself (the "500" of a 50–900 scale); lighter and darker steps mix
// towards white and black so any admin-picked colour yields a usable ten-step Mantine palette.
const TINTS = [0.95, 0.85, 0.7, 0.5, 0.25];
const SHADES = [0.15, 0.3, 0.45, 0.6];

/** Ten shades (light to dark) around a hex colour, index 5 being the colour itself. */
export function colorShades(hex: string): MantineColorsTuple {
  if (!isHexColor(hex)) throw new RangeError(`Not a hex colour: ${hex}`);
  const rgb = toRgb(hex);
  const base = mix(rgb, 0, 0);
  return [
    ...TINTS.map((amount) => mix(rgb, 255, amount)),
    base,
    ...SHADES.map((amount) => mix(rgb, 0, amount)),
  ] as unknown as MantineColorsTuple;
}

const SYSTEM_FONTS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** Texts the theme puts on Mantine's own controls, in the UI language. */
export interface ThemeLabels {
  /** The name of the × that closes a dialog or drawer. */
  close: string;
}

/**
 * The portal theme. Invalid branding values (for example a half-typed colour in settings) fall back
 * to the defaults instead of breaking every screen.
 */
export function createPortalTheme(
  branding: PortalBranding = {},
  labels: ThemeLabels = { close: 'Close' },
): MantineThemeOverride {
  // Every dialog's and drawer's × is named once, here, instead of screen by screen.
  const closeButtonProps = { 'aria-label': labels.close };
  const pick = (value: string | undefined, fallback: string) =>
    isHexColor(value) ? value : fallback;
  return createTheme({
    primaryColor: 'brand',
    // Shade 6 keeps white button text above 4.5:1 on the default blue.
    primaryShade: { light: 6, dark: 7 },
    colors: {
      brand: colorShades(pick(branding.primaryColor, DEFAULT_BRANDING.primaryColor)),
      secondary: colorShades(pick(branding.secondaryColor, DEFAULT_BRANDING.secondaryColor)),
      accent: colorShades(pick(branding.accentColor, DEFAULT_BRANDING.accentColor)),
    },
    // Light admin-picked colours (yellow, lime) get dark text on filled buttons.
    autoContrast: true,
    // Filled buttons and badges of a theme colour take their text colour from the same CSS
    // variables as their background (contrast.ts), so both always meet 4.5:1 together.
    variantColorResolver: (input) => {
      const colors = defaultVariantColorsResolver(input);
      const parsed = parseThemeColor({ color: input.color, theme: input.theme });
      if (input.variant !== 'filled' || !parsed.isThemeColor || parsed.shade !== undefined)
        return colors;
      return { ...colors, color: `var(--mantine-color-${parsed.color}-contrast)` };
    },
    fontFamily: SYSTEM_FONTS,
    headings: { fontFamily: SYSTEM_FONTS, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    respectReducedMotion: true,
    components: {
      Card: Card.extend({ defaultProps: { withBorder: true, shadow: 'xs', padding: 'lg' } }),
      Paper: Paper.extend({ defaultProps: { radius: 'md' } }),
      Modal: Modal.extend({ defaultProps: { centered: true, closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
    },
  });
}

