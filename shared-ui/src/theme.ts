import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CardProps,
  type DrawerProps,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type ModalProps,
  type NumberInputProps,
  type PaperProps,
} from '@mantine/core';
import { CALENDAR_FIRST_DAY_OF_WEEK } from './calendar-week';
import { isHexColor } from './hex-color';

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

export { isHexColor };

/**
 * The palettes of the three default colours, as `colorShades` (color-shades.ts) generates them
 * (theme.test.ts checks they still match), so an untouched portal's pages need no generator.
 */
export const DEFAULT_SHADES: Readonly<Record<string, MantineColorsTuple>> = {
  '#3b82f6': [
    '#e5f3ff',
    '#cee2ff',
    '#9ec2fd',
    '#6aa1fa',
    '#3b82f6',
    '#2272f5',
    '#0d69f5',
    '#0058db',
    '#004ec5',
    '#0043af',
  ],
  '#10b981': [
    '#e6fff7',
    '#d3fbee',
    '#a7f6dc',
    '#78f2c9',
    '#53eeb8',
    '#3eecae',
    '#30eba8',
    '#21d093',
    '#10b981',
    '#00a06e',
  ],
  '#f59e0b': [
    '#fff7e2',
    '#ffedcd',
    '#fcd99e',
    '#f9c46b',
    '#f7b23f',
    '#f6a724',
    '#f59e0b',
    '#da8c04',
    '#c37c00',
    '#a96a00',
  ],
};

/** The ten shades of a hex colour, or null when that needs the generator (not loaded here). */
export type ShadesOf = (hex: string) => MantineColorsTuple | null;

const defaultShades: ShadesOf = (hex) => DEFAULT_SHADES[hex.toLowerCase()] ?? null;

/** Whether building the theme for these colours needs `colorShades` (a colour not a default). */
export function needsColorGenerator(branding: PortalBranding = {}): boolean {
  return [branding.primaryColor, branding.secondaryColor, branding.accentColor].some(
    (color) => isHexColor(color) && defaultShades(color) === null,
  );
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
 * to the defaults instead of breaking every screen. `shadesOf` makes the palettes of colours other
 * than the defaults (pass `colorShades`); without it, or while it answers null, such a colour shows
 * as its default.
 */
export function createPortalTheme(
  branding: PortalBranding = {},
  labels: ThemeLabels = { close: 'Close' },
  shadesOf: ShadesOf = defaultShades,
): MantineThemeOverride {
  // Every dialog's and drawer's × is named once, here, instead of screen by screen.
  const closeButtonProps = { 'aria-label': labels.close };
  const palette = (value: string | undefined, fallback: string): MantineColorsTuple => {
    const shades = isHexColor(value) ? (defaultShades(value) ?? shadesOf(value)) : null;
    return shades ?? (defaultShades(fallback) as MantineColorsTuple);
  };
  return createTheme({
    primaryColor: 'brand',
    // Shade 6 keeps white button text above 4.5:1 on the default blue.
    primaryShade: { light: 6, dark: 7 },
    colors: {
      brand: palette(branding.primaryColor, DEFAULT_BRANDING.primaryColor),
      secondary: palette(branding.secondaryColor, DEFAULT_BRANDING.secondaryColor),
      accent: palette(branding.accentColor, DEFAULT_BRANDING.accentColor),
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
      // A number stays as typed (-12.5, 0, 2.5): the form's validator says what is wrong with it
      // (docs/product-rules.md "Forms keep what was typed"). Mantine's default would clamp to min/max on
      // blur, and allowNegative/allowDecimal/decimalScale would drop characters without a word.
      // Date pickers start the week where the portal's calendars do (Mantine's default is Monday).
      // Theme defaults rather than a DatesProvider, which would load @mantine/dates on every page.
      DateInput: { defaultProps: { firstDayOfWeek: CALENDAR_FIRST_DAY_OF_WEEK } },
      DatePickerInput: { defaultProps: { firstDayOfWeek: CALENDAR_FIRST_DAY_OF_WEEK } },
      DateTimePicker: { defaultProps: { firstDayOfWeek: CALENDAR_FIRST_DAY_OF_WEEK } },
      DatePicker: { defaultProps: { firstDayOfWeek: CALENDAR_FIRST_DAY_OF_WEEK } },
      Calendar: { defaultProps: { firstDayOfWeek: CALENDAR_FIRST_DAY_OF_WEEK } },
      NumberInput: {
        defaultProps: {
          clampBehavior: 'none',
          allowNegative: true,
          allowDecimal: true,
        } satisfies Partial<NumberInputProps>,
      },
    },
  });
}
