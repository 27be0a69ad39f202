import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { settingsKeys } from './keys';
import { unwrap } from './service-failure';
import { cachePublicSettings, type SettingsGroups, settingsService } from '@portal/shared-data';

export const settingsQueries = {
  /** Every group for an admin (the settings screen); general and appearance for anyone else. */
  current: () =>
    queryOptions({
      queryKey: settingsKeys.current(),
      queryFn: () => unwrap(settingsService.get()),
    }),
  /**
   * The school's public settings (name, theme, colours, default language, and signed in the session
   * timeout), which the shell applies to every page, the sign-in page included. Read once per
   * session (a visitor's, then the signed-in user's: query-cache.ts in the shell) and again whenever
   * a settings mutation invalidates `settingsKeys.all`, so an admin's save shows at once in their own
   * tab. Each answer is also kept in the browser, so the next page load paints with it at once.
   */
  public: () =>
    queryOptions({
      queryKey: settingsKeys.public(),
      queryFn: async () => {
        const settings = await unwrap(settingsService.getPublic());
        cachePublicSettings(settings);
        return settings;
      },
      staleTime: Number.POSITIVE_INFINITY,
    }),
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
