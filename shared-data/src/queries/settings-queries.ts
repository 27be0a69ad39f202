import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { settingsKeys } from './keys';
import { unwrap } from './service-failure';
import {
  type SettingsGroups,
  settingsService,
  takeStartupPublicSettings,
} from '@portal/shared-data';

export const settingsQueries = {
  /** Every group for an admin (the settings screen); general and appearance for anyone else. */
  current: () =>
    queryOptions({
      queryKey: settingsKeys.current(),
      queryFn: () => unwrap(settingsService.get()),
    }),
  /**
   * The public settings of the signed-in session (the shell's layout applies them): read once per
   * session, and again whenever a settings mutation invalidates `settingsKeys.all`, so an admin's
   * save shows at once in their own tab. The first read reuses the page's start-up read when that was
   * made signed in, so a full page load reads the settings once.
   */
  public: () =>
    queryOptions({
      queryKey: settingsKeys.public(),
      queryFn: async () =>
        (await takeStartupPublicSettings()) ?? unwrap(settingsService.getPublic()),
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
