import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { settingsKeys } from './keys';
import { unwrap } from './service-failure';
import {
  cachePublicSettings,
  type PublicSettings,
  type SettingsGroups,
  settingsService,
} from '@portal/shared-data';

/**
 * The school's public settings (name, theme, colours, default language, the currency prices are shown
 * in, and signed in the session timeout), which the shell applies to every page, the sign-in page
 * included. Read once per session (a visitor's, then the signed-in user's: query-cache.ts in the shell)
 * and again whenever a settings mutation invalidates `settingsKeys.all`, so an admin's save shows at
 * once in their own tab. Each answer is also kept in the browser, so the next page load paints with it
 * at once.
 */
const publicSettings = () =>
  queryOptions({
    queryKey: settingsKeys.public(),
    queryFn: async () => {
      const settings = await unwrap(settingsService.getPublic());
      cachePublicSettings(settings);
      return settings;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The currency of an answer, null when it has none: an older shell (Module Federation: each remote
 * deploys alone) keeps in the page's cache what its own mapper made of the answer, without the field.
 */
const currencyOf = (settings: PublicSettings | undefined): string | null =>
  typeof settings?.currency === 'string' ? settings.currency : null;

export const settingsQueries = {
  /** Every group for an admin (the settings screen); general and appearance for anyone else. */
  current: () =>
    queryOptions({
      queryKey: settingsKeys.current(),
      queryFn: () => unwrap(settingsService.get()),
    }),
  public: publicSettings,
  /**
   * The school's currency for course prices (ISO 4217, e.g. 'EUR'; docs/money.md): the page's one
   * read of the public settings, so a screen costs no request of its own. Null while unknown; pass
   * it on to shared-ui's `formatPrice` and price fields, which then keep their old dollars.
   */
  currency: () => queryOptions({ ...publicSettings(), select: currencyOf }),
};

export const settingsMutations = {
  update: () =>
    mutationOptions({
      mutationKey: ['settings', 'update'],
      mutationFn: (changes: Partial<SettingsGroups>) => unwrap(settingsService.update(changes)),
      meta: { invalidates: [settingsKeys.all] },
    }),
  setSmtpPassword: () =>
    mutationOptions({
      mutationKey: ['settings', 'smtp-password'],
      mutationFn: (password: string) => unwrap(settingsService.setSmtpPassword(password)),
      meta: { invalidates: [settingsKeys.all] },
    }),
};
