import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CardProps,
  type DrawerProps,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type ModalProps,
  type PaperProps,
} from '@mantine/core';
import { generateColors } from '@mantine/colors-generator';

/** The colours an admin can change in System Settings → Appearance (hex), and the school's name. */
export interface PortalBranding {
  /** System Settings → General → site name: the brand in the sidebar, sign-in page and tab title. */
  siteName?: string;
  primaryColor?: string;
  secondaryColor?: string;
  accentColor?: string;
}

/** Settings defaults, so an untouched portal looks like its settings say. */
export const DEFAULT_BRANDING = {
  siteName: 'Lingua Academy',
  primaryColor: '#3B82F6',
  secondaryColor: '#10B981',
  accentColor: '#F59E0B',
} as const satisfies Required<PortalBranding>;

const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/**
 * Ten shades (light to dark) of a hex colour, from `@mantine/colors-generator`: the colour itself sits
 * at the step whose lightness is closest to its own, the others are the same hue made lighter and
 * darker, so any admin-picked colour yields a usable Mantine palette.
 */
export function colorShades(hex: string): MantineColorsTuple {
  if (!isHexColor(hex)) throw new RangeError(`Not a hex colour: ${hex}`);
  return generateColors(hex) as unknown as MantineColorsTuple;
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
    // Plain objects (what `Modal.extend()` returns), so the theme does not pull the components
    // themselves into the sign-in page's download.
    components: {
      Card: { defaultProps: { withBorder: true, shadow: 'xs', padding: 'lg' } satisfies CardProps },
      Paper: { defaultProps: { radius: 'md' } satisfies PaperProps },
      Modal: { defaultProps: { centered: true, closeButtonProps } satisfies Partial<ModalProps> },
      Drawer: { defaultProps: { closeButtonProps } satisfies Partial<DrawerProps> },
    },
  });
}
