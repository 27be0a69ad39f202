/** The School Settings' groups, as the settings screen edits them and `app_settings` stores them. */
export type Theme = 'light' | 'dark' | 'auto';

export type GeneralSettings = {
  siteName: string;
  siteDescription: string;
  defaultLanguage: string;
  timezone: string;
  dateFormat: string;
  /** The school office's address, which a deactivated person is told to write to; '' when not set. */
  contactEmail: string;
};

export type NotificationSettings = {
  emailNotifications: boolean;
  pushNotifications: boolean;
  smsNotifications: boolean;
  weeklyReports: boolean;
  enrollmentAlerts: boolean;
};

export type SecuritySettings = {
  twoFactorAuth: boolean;
  /** Minutes, 5 to 480. */
  sessionTimeout: number;
  /** Days, 30 to 365. */
  passwordExpiry: number;
  /** 3 to 10. */
  maxLoginAttempts: number;
};

export type AppearanceSettings = {
  theme: Theme;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
};

/** The SMTP password is write-only (`set_smtp_password`): it never travels back to a browser. */
export type EmailSettings = {
  smtpHost: string;
  smtpPort: number;
  smtpUsername: string;
  fromEmail: string;
  fromName: string;
};

export type SettingsGroups = {
  general: GeneralSettings;
  notifications: NotificationSettings;
  security: SecuritySettings;
  appearance: AppearanceSettings;
  email: EmailSettings;
};

export type SettingsGroupName = keyof SettingsGroups;

export const SETTINGS_GROUPS: readonly SettingsGroupName[] = [
  'general',
  'notifications',
  'security',
  'appearance',
  'email',
];

/** Languages offered for the site. */
export const SITE_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;

/** UTC and four US zones. */
export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
] as const;

export const THEMES = ['light', 'dark', 'auto'] as const;

/** The date formats the database accepts. */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;

/** Defaults (the same as the database's `private.app_settings_defaults()`). */
export const DEFAULT_SETTINGS: SettingsGroups = {
  general: {
    siteName: 'Lingua Academy',
    siteDescription: 'Spanish and English courses for work and everyday life',
    defaultLanguage: 'en',
    timezone: 'UTC',
    dateFormat: 'MM/DD/YYYY',
    contactEmail: '',
  },
  notifications: {
    emailNotifications: true,
    pushNotifications: true,
    smsNotifications: false,
    weeklyReports: true,
    enrollmentAlerts: true,
  },
  security: {
    twoFactorAuth: false,
    sessionTimeout: 30,
    passwordExpiry: 90,
    maxLoginAttempts: 5,
  },
  appearance: {
    theme: 'light',
    primaryColor: '#3B82F6',
    secondaryColor: '#10B981',
    accentColor: '#F59E0B',
  },
  email: {
    smtpHost: '',
    smtpPort: 587,
    smtpUsername: '',
    fromEmail: 'noreply@lingua-academy.com',
    fromName: 'Lingua Academy',
  },
};

type NumericSecurityField = 'sessionTimeout' | 'passwordExpiry' | 'maxLoginAttempts';

/** Settings bounds, inclusive (docs/product-rules.md "Settings"). */
export const SECURITY_BOUNDS: Record<NumericSecurityField, { min: number; max: number }> = {
  sessionTimeout: { min: 5, max: 480 },
  passwordExpiry: { min: 30, max: 365 },
  maxLoginAttempts: { min: 3, max: 10 },
};

export type SettingsBoundError = { field: NumericSecurityField; min: number; max: number };

/** The security fields outside their bounds (whole numbers only); empty when valid. */
export function validateSecuritySettings(security: SecuritySettings): SettingsBoundError[] {
  return (Object.keys(SECURITY_BOUNDS) as NumericSecurityField[]).flatMap((field) => {
    const { min, max } = SECURITY_BOUNDS[field];
    const value = security[field];
    return Number.isInteger(value) && value >= min && value <= max ? [] : [{ field, min, max }];
  });
}

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The appearance colours that are not `#RGB` or `#RRGGBB`. */
export function invalidColors(
  appearance: SettingsGroups['appearance'],
): ('primaryColor' | 'secondaryColor' | 'accentColor')[] {
  return (['primaryColor', 'secondaryColor', 'accentColor'] as const).filter(
    (field) => !HEX_COLOR.test(appearance[field]),
  );
}

const SECURITY_MESSAGES: Record<NumericSecurityField, string> = {
  sessionTimeout: 'Session timeout must be between 5 and 480 minutes',
  passwordExpiry: 'Password expiry must be between 30 and 365 days',
  maxLoginAttempts: 'Max login attempts must be between 3 and 10',
};

/**
 * Why a settings change cannot be saved, in English, one line per problem; empty when it can.
 * The database checks the same bounds; this lets the service refuse before sending.
 */
export function settingsProblems(changes: Partial<SettingsGroups>): string[] {
  const problems: string[] = [];
  if (changes.security) {
    problems.push(
      ...validateSecuritySettings(changes.security).map(({ field }) => SECURITY_MESSAGES[field]),
    );
  }
  if (changes.appearance && invalidColors(changes.appearance).length > 0) {
    problems.push('Colors must be hex values such as #3B82F6');
  }
  if (changes.email) {
    const port = changes.email.smtpPort;
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      problems.push('SMTP port must be between 1 and 65535');
    }
  }
  return problems;
}

// --- The System Settings form (admin-app's settings screen) ---------------------------------------
//
// The screen shows only the settings that act (docs/product-rules.md "System Settings"); the form
// still holds every group, so saving writes back the hidden ones unchanged.

/** The languages the portal's screens exist in: the only default languages the form offers. */
export const UI_SITE_LANGUAGES = ['en', 'es'] as const;
export type UiSiteLanguage = (typeof UI_SITE_LANGUAGES)[number];

/**
 * The UI language a stored default language gives visitors: en and es as they are; anything else
 * (fr and de are in the database's list but have no screens) falls back to English.
 */
export function uiSiteLanguage(stored: string): UiSiteLanguage {
  return (UI_SITE_LANGUAGES as readonly string[]).includes(stored)
    ? (stored as UiSiteLanguage)
    : 'en';
}

/** The database's length limits of the settings texts (app_settings migration). */
export const SETTINGS_TEXT_LIMITS = {
  siteName: 100,
  smtpHost: 255,
  smtpUsername: 255,
  fromName: 100,
  smtpPassword: 500,
} as const;

export const SMTP_PORT_BOUNDS = { min: 1, max: 65535 } as const;

type NumberField = number | string;

/** Number inputs answer '' while empty, so the numeric fields take a string too. */
export type SettingsFormValues = {
  general: GeneralSettings;
  notifications: NotificationSettings;
  security: Omit<SecuritySettings, 'sessionTimeout' | 'maxLoginAttempts'> & {
    sessionTimeout: NumberField;
    maxLoginAttempts: NumberField;
  };
  appearance: AppearanceSettings;
  email: Omit<EmailSettings, 'smtpPort'> & { smtpPort: NumberField };
  /** A new SMTP password; empty keeps the stored one. The stored one is never read back. */
  smtpPassword: string;
};

export type SettingsFormField =
  | 'general.siteName'
  | 'general.contactEmail'
  | 'general.defaultLanguage'
  | 'security.sessionTimeout'
  | 'security.maxLoginAttempts'
  | 'appearance.theme'
  | 'appearance.primaryColor'
  | 'appearance.secondaryColor'
  | 'appearance.accentColor'
  | 'email.smtpHost'
  | 'email.smtpPort'
  | 'email.smtpUsername'
  | 'email.fromEmail'
  | 'email.fromName'
  | 'smtpPassword';

/** i18n keys in the `validation` namespace. */
export type SettingsFormMessageKey =
  | 'settingsSiteNameRequired'
  | 'settingsTextTooLong'
  | 'settingsLanguageInvalid'
  | 'settingsSessionTimeoutRange'
  | 'settingsMaxLoginAttemptsRange'
  | 'settingsThemeInvalid'
  | 'settingsColorInvalid'
  | 'settingsSmtpPortRange'
  | 'settingsFromEmailInvalid';

export type SettingsFormErrors = Partial<Record<SettingsFormField, SettingsFormMessageKey>>;

/** The form over the stored settings; a default language without screens shows as English. */
export function settingsFormFromSettings(settings: SettingsGroups): SettingsFormValues {
  return {
    general: {
      ...settings.general,
      defaultLanguage: uiSiteLanguage(settings.general.defaultLanguage),
    },
    notifications: { ...settings.notifications },
    security: { ...settings.security },
    appearance: { ...settings.appearance },
    email: { ...settings.email },
    smtpPassword: '',
  };
}

const toNumber = (value: NumberField) => (typeof value === 'number' ? value : Number(value));

/** What Save Changes writes: every group (the password travels apart, see setSmtpPassword). */
export function toSettingsGroups(values: SettingsFormValues): SettingsGroups {
  return {
    general: {
      ...values.general,
      siteName: values.general.siteName.trim(),
      contactEmail: values.general.contactEmail.trim(),
    },
    notifications: { ...values.notifications },
    security: {
      ...values.security,
      sessionTimeout: toNumber(values.security.sessionTimeout),
      maxLoginAttempts: toNumber(values.security.maxLoginAttempts),
    },
    appearance: { ...values.appearance },
    email: {
      ...values.email,
      smtpHost: values.email.smtpHost.trim(),
      smtpUsername: values.email.smtpUsername.trim(),
      fromEmail: values.email.fromEmail.trim(),
      fromName: values.email.fromName.trim(),
      smtpPort: toNumber(values.email.smtpPort),
    },
  };
}

/** Every group back to the defaults (Reset to Defaults). */
export function defaultSettingsGroups(): SettingsGroups {
  return structuredClone(DEFAULT_SETTINGS);
}

const FROM_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function inBounds(value: NumberField, { min, max }: { min: number; max: number }): boolean {
  if (value === '' || value === null) return false;
  const number = toNumber(value);
  return Number.isInteger(number) && number >= min && number <= max;
}

/**
 * The form's checks, the same as the database's (docs/product-rules.md "System Settings"): a
 * `validation` key per failing field, `{}` when it can be saved.
 */
export function validateSettingsForm(values: SettingsFormValues): SettingsFormErrors {
  const errors: SettingsFormErrors = {};
  const siteName = values.general.siteName.trim();
  if (siteName === '') errors['general.siteName'] = 'settingsSiteNameRequired';
  else if (siteName.length > SETTINGS_TEXT_LIMITS.siteName) {
    errors['general.siteName'] = 'settingsTextTooLong';
  }
  const contactEmail = values.general.contactEmail.trim();
  if (contactEmail !== '' && (contactEmail.length > 255 || !FROM_EMAIL.test(contactEmail))) {
    errors['general.contactEmail'] = 'settingsFromEmailInvalid';
  }
  if (!(UI_SITE_LANGUAGES as readonly string[]).includes(values.general.defaultLanguage)) {
    errors['general.defaultLanguage'] = 'settingsLanguageInvalid';
  }
  if (!inBounds(values.security.sessionTimeout, SECURITY_BOUNDS.sessionTimeout)) {
    errors['security.sessionTimeout'] = 'settingsSessionTimeoutRange';
  }
  if (!inBounds(values.security.maxLoginAttempts, SECURITY_BOUNDS.maxLoginAttempts)) {
    errors['security.maxLoginAttempts'] = 'settingsMaxLoginAttemptsRange';
  }
  if (!(THEMES as readonly string[]).includes(values.appearance.theme)) {
    errors['appearance.theme'] = 'settingsThemeInvalid';
  }
  for (const field of invalidColors(values.appearance)) {
    errors[`appearance.${field}`] = 'settingsColorInvalid';
  }
  if (values.email.smtpHost.trim().length > SETTINGS_TEXT_LIMITS.smtpHost) {
    errors['email.smtpHost'] = 'settingsTextTooLong';
  }
  if (!inBounds(values.email.smtpPort, SMTP_PORT_BOUNDS)) {
    errors['email.smtpPort'] = 'settingsSmtpPortRange';
  }
  if (values.email.smtpUsername.trim().length > SETTINGS_TEXT_LIMITS.smtpUsername) {
    errors['email.smtpUsername'] = 'settingsTextTooLong';
  }
  const fromEmail = values.email.fromEmail.trim();
  if (fromEmail !== '' && !FROM_EMAIL.test(fromEmail)) {
    errors['email.fromEmail'] = 'settingsFromEmailInvalid';
  }
  if (values.email.fromName.trim().length > SETTINGS_TEXT_LIMITS.fromName) {
    errors['email.fromName'] = 'settingsTextTooLong';
  }
  if (values.smtpPassword.length > SETTINGS_TEXT_LIMITS.smtpPassword) {
    errors.smtpPassword = 'settingsTextTooLong';
  }
  return errors;
}

/** The numbers a field's message names ({{min}}, {{max}}). */
export function settingsFieldBounds(field: SettingsFormField): { min?: number; max?: number } {
  switch (field) {
    case 'security.sessionTimeout':
      return SECURITY_BOUNDS.sessionTimeout;
    case 'security.maxLoginAttempts':
      return SECURITY_BOUNDS.maxLoginAttempts;
    case 'email.smtpPort':
      return SMTP_PORT_BOUNDS;
    case 'general.siteName':
      return { max: SETTINGS_TEXT_LIMITS.siteName };
    case 'email.smtpHost':
      return { max: SETTINGS_TEXT_LIMITS.smtpHost };
    case 'email.smtpUsername':
      return { max: SETTINGS_TEXT_LIMITS.smtpUsername };
    case 'email.fromName':
      return { max: SETTINGS_TEXT_LIMITS.fromName };
    case 'smtpPassword':
      return { max: SETTINGS_TEXT_LIMITS.smtpPassword };
    default:
      return {};
  }
}

// --- Session timeout (System Settings → Security) ---------------------------------------------------

/**
 * localStorage key of the last input (mouse, keyboard, touch) in any tab of this browser, in epoch
 * milliseconds, so a tab left alone is not signed out while another tab is in use.
 */
export const LAST_ACTIVITY_STORAGE_KEY = 'portal.lastActivity';

/** sessionStorage key: the minutes of the idle sign-out the sign-in page then explains. */
export const IDLE_SIGN_OUT_STORAGE_KEY = 'portal.idleSignOut';

/**
 * How long until an idle sign-out (ms; 0 or less: now), from the latest input seen here or in another
 * tab. `timeoutMinutes` null means no limit is known: never.
 */
export function msUntilIdleSignOut(
  timeoutMinutes: number | null,
  lastActivityAt: number,
  now: number,
): number {
  if (timeoutMinutes === null || timeoutMinutes <= 0) return Number.POSITIVE_INFINITY;
  return lastActivityAt + timeoutMinutes * 60_000 - now;
}

// Billing (System Settings → Billing, docs/money.md). Stored in its own `billing` column of
// `app_settings`, validated by the database like the other groups; the money screens read and write it
// through billingService. Not in SETTINGS_GROUPS: the current settings screen saves only its own groups.

/**
 * When an enrolment in a priced course is invoiced: at once, the student enrolled; or the seat held
 * for `seatHoldHours` until the invoice (issued at once) is paid (docs/money.md "Payment before the seat").
 */
export const INVOICE_MODES = ['on_enrolment', 'payment_before_seat'] as const;
export type InvoiceMode = (typeof INVOICE_MODES)[number];

/** What a drop credits: everything, the share of classes not yet held, or nothing. */
export const REFUND_RULES = ['full', 'pro_rata_classes_held', 'none'] as const;
export type RefundRule = (typeof REFUND_RULES)[number];

export type BillingSettings = {
  /** ISO 4217 code, e.g. EUR. */
  currency: string;
  /** The school's legal name on invoices ('' prints the site name). */
  legalName: string;
  address: string;
  taxId: string;
  /** Percent, 0 to 100, at most two decimals. */
  taxRate: number;
  invoiceMode: InvoiceMode;
  /** How long a seat is held for its payment (payment_before_seat), whole hours 1 to 336. */
  seatHoldHours: number;
  refundOnDrop: RefundRule;
  /** Days from issue to due date, 0 to 365. */
  paymentTermsDays: number;
};

/** The same as the database's `private.app_settings_defaults() -> 'billing'`. */
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  currency: 'EUR',
  legalName: '',
  address: '',
  taxId: '',
  taxRate: 0,
  invoiceMode: 'on_enrolment',
  seatHoldHours: 48,
  refundOnDrop: 'pro_rata_classes_held',
  paymentTermsDays: 14,
};

/** The database's bounds for the billing group (20261201000100_billing_settings.sql). */
export const BILLING_BOUNDS = {
  legalName: 200,
  address: 500,
  taxId: 50,
  taxRate: { min: 0, max: 100 },
  paymentTermsDays: { min: 0, max: 365 },
  seatHoldHours: { min: 1, max: 336 },
} as const;

export type BillingSettingsField = keyof BillingSettings;
export type BillingSettingsProblem =
  | 'currency'
  | 'tooLong'
  | 'taxRate'
  | 'invoiceMode'
  | 'seatHoldHours'
  | 'refundOnDrop'
  | 'paymentTermsDays';

/** Each field the database would refuse, with why (a message key for the form); empty when valid. */
export function validateBillingSettings(
  billing: BillingSettings,
): Partial<Record<BillingSettingsField, BillingSettingsProblem>> {
  const problems: Partial<Record<BillingSettingsField, BillingSettingsProblem>> = {};
  if (!/^[A-Z]{3}$/.test(billing.currency)) problems.currency = 'currency';
  for (const field of ['legalName', 'address', 'taxId'] as const) {
    if (billing[field].length > BILLING_BOUNDS[field]) problems[field] = 'tooLong';
  }
  const rate = billing.taxRate;
  if (
    !Number.isFinite(rate) ||
    rate < BILLING_BOUNDS.taxRate.min ||
    rate > BILLING_BOUNDS.taxRate.max ||
    Math.round(rate * 100) / 100 !== rate
  ) {
    problems.taxRate = 'taxRate';
  }
  if (!(INVOICE_MODES as readonly string[]).includes(billing.invoiceMode))
    problems.invoiceMode = 'invoiceMode';
  if (!(REFUND_RULES as readonly string[]).includes(billing.refundOnDrop))
    problems.refundOnDrop = 'refundOnDrop';
  const terms = billing.paymentTermsDays;
  if (
    !Number.isInteger(terms) ||
    terms < BILLING_BOUNDS.paymentTermsDays.min ||
    terms > BILLING_BOUNDS.paymentTermsDays.max
  ) {
    problems.paymentTermsDays = 'paymentTermsDays';
  }
  const hours = billing.seatHoldHours;
  if (
    !Number.isInteger(hours) ||
    hours < BILLING_BOUNDS.seatHoldHours.min ||
    hours > BILLING_BOUNDS.seatHoldHours.max
  ) {
    problems.seatHoldHours = 'seatHoldHours';
  }
  return problems;
}

/** A stored billing group over the defaults (unknown or mistyped values read as the default). */
export function toBillingSettings(value: unknown): BillingSettings {
  const stored =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const pick = <K extends BillingSettingsField>(key: K): BillingSettings[K] =>
    typeof stored[key] === typeof DEFAULT_BILLING_SETTINGS[key]
      ? (stored[key] as BillingSettings[K])
      : DEFAULT_BILLING_SETTINGS[key];
  return {
    currency: pick('currency'),
    legalName: pick('legalName'),
    address: pick('address'),
    taxId: pick('taxId'),
    taxRate: pick('taxRate'),
    invoiceMode: pick('invoiceMode'),
    seatHoldHours: pick('seatHoldHours'),
    refundOnDrop: pick('refundOnDrop'),
    paymentTermsDays: pick('paymentTermsDays'),
  };
}
