import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { settingsKeys } from './keys';
import { unwrap } from './service-failure';
import { type SettingsGroups, settingsService } from '@portal/shared-data';

export const settingsQueries = {
  current: () =>
    queryOptions({
      queryKey: settingsKeys.current(),
      queryFn: () => unwrap(settingsService.get()),
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
