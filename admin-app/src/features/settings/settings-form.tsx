import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SECURITY_BOUNDS,
  SETTINGS_TEXT_LIMITS,
  THEMES,
  UI_SITE_LANGUAGES,
  defaultSettingsGroups,
  errorMessageKey,
  settingsFieldBounds,
  settingsFormFromSettings,
  toSettingsGroups,
  validateSettingsForm,
  type AppSettings,
  type SettingsFormField,
  type SettingsFormValues,
  type Theme,
} from '@portal/shared-data';
import { settingsMutations } from '@portal/shared-data/queries';
import { ConfirmDialog, SaveFailedAlert, translateErrors } from '@portal/shared-ui';
import { BillingSettingsPanel } from './billing-settings-panel';
import { ColorField } from './color-field';
import { namespace } from './i18n';
import { SmtpPasswordField } from './smtp-password-field';

type Tab = 'general' | 'notifications' | 'security' | 'appearance' | 'email' | 'billing';

const TABS: readonly Tab[] = [
  'general',
  'notifications',
  'security',
  'appearance',
  'email',
  'billing',
];

/** The tab holding a form field, so a refused save opens where the problem is. */
function tabOf(field: string): Tab {
  if (field === 'smtpPassword') return 'email';
  const group = field.split('.')[0] as Tab;
  return TABS.includes(group) ? group : 'general';
}

export interface SettingsFormProps {
  /** The settings as loaded (every group: the screen is for admins). */
  settings: AppSettings;
}

/**
 * The settings in five tabs, saved together by Save Changes. Only settings that take effect are
 * shown (docs/product-rules.md "System Settings"); the others ride along unchanged. A refused save
 * keeps everything typed and says why; Reset to Defaults asks first.
 */
export function SettingsForm({ settings }: SettingsFormProps) {
  const { t } = useTranslation(namespace);
  const [tab, setTab] = useState<Tab>('general');
  const [confirmingReset, setConfirmingReset] = useState(false);
  const update = useMutation(settingsMutations.update());
  const setPassword = useMutation(settingsMutations.setSmtpPassword());
  const reset = useMutation(settingsMutations.update());
  const [passwordFailed, setPasswordFailed] = useState(false);

  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: settingsFormFromSettings(settings),
    validate: (values) =>
      translateErrors(validateSettingsForm(values), t, (field: SettingsFormField) =>
        settingsFieldBounds(field),
      ),
  });

  const showSaved = (saved: AppSettings, message: string) => {
    form.setValues(settingsFormFromSettings(saved));
    form.resetDirty(settingsFormFromSettings(saved));
    notifications.show({ color: 'teal', message });
  };

  const save = async (values: SettingsFormValues) => {
    setPasswordFailed(false);
    setPassword.reset();
    let saved: AppSettings;
    try {
      saved = await update.mutateAsync(toSettingsGroups(values));
    } catch {
      return; // update.error says why; the form keeps everything.
    }
    if (values.smtpPassword !== '') {
      try {
        await setPassword.mutateAsync(values.smtpPassword);
      } catch {
        // The settings are saved; the typed password stays so Save can send it again.
        setPasswordFailed(true);
        form.setValues({ ...settingsFormFromSettings(saved), smtpPassword: values.smtpPassword });
        return;
      }
    }
    showSaved(saved, t('saved'));
  };

  const saving = update.isPending || setPassword.isPending;
  const failure = passwordFailed ? setPassword.error : update.error;
  const theme = form.values.appearance.theme;
  const languageOptions = UI_SITE_LANGUAGES.map((lng) => ({
    value: lng,
    label: t(`languages.${lng}`, { ns: 'common' }),
  }));
  const hasErrors = Object.keys(form.errors).length > 0;

  return (
    <>
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => void save(values),
          (errors) => {
            const first = Object.keys(errors)[0];
            if (first) setTab(tabOf(first));
          },
        )}
      >
        <Stack gap="lg">
          {failure ? (
            <SaveFailedAlert
              title={passwordFailed ? t('passwordFailed') : t('saveFailed')}
              reason={t(errorMessageKey(failure), { ns: 'errors' })}
              notice={t('keptNotice')}
            />
          ) : null}
          {hasErrors ? (
            <Alert color="red" variant="light" role="alert">
              {t('fixErrors')}
            </Alert>
          ) : null}

          <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted>
            <Tabs.List aria-label={t('tabsLabel')}>
              {TABS.map((name) => (
                <Tabs.Tab key={name} value={name}>
                  {t(`tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>

            <Tabs.Panel value="general" pt="lg">
              <Stack maw={560}>
                <TextInput
                  label={t('general.siteName')}
                  description={`${t('general.siteNameHint')} · ${form.values.general.siteName.trim().length}/${SETTINGS_TEXT_LIMITS.siteName}`}
                  withAsterisk
                  disabled={saving}
                  {...form.getInputProps('general.siteName')}
                />
                <TextInput
                  type="email"
                  label={t('general.contactEmail')}
                  description={t('general.contactEmailHint')}
                  disabled={saving}
                  {...form.getInputProps('general.contactEmail')}
                />
                <Select
                  label={t('general.defaultLanguage')}
                  description={t('general.defaultLanguageHint')}
                  data={languageOptions}
                  allowDeselect={false}
                  disabled={saving}
                  {...form.getInputProps('general.defaultLanguage')}
                />
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="notifications" pt="lg">
              <Stack maw={560} gap="lg">
                <Switch
                  label={t('notifications.emailNotifications')}
                  description={t('notifications.emailNotificationsHint')}
                  disabled={saving}
                  {...form.getInputProps('notifications.emailNotifications', { type: 'checkbox' })}
                />
                <Switch
                  label={t('notifications.enrollmentAlerts')}
                  description={t('notifications.enrollmentAlertsHint')}
                  disabled={saving || !form.values.notifications.emailNotifications}
                  {...form.getInputProps('notifications.enrollmentAlerts', { type: 'checkbox' })}
                />
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="security" pt="lg">
              <Stack maw={560}>
                <Switch
                  label={t('security.twoFactorAuth')}
                  description={t('security.twoFactorAuthHint')}
                  disabled={saving}
                  {...form.getInputProps('security.twoFactorAuth', { type: 'checkbox' })}
                />
                <NumberInput
                  label={t('security.sessionTimeout')}
                  description={t('security.sessionTimeoutHint', SECURITY_BOUNDS.sessionTimeout)}
                  min={SECURITY_BOUNDS.sessionTimeout.min}
                  max={SECURITY_BOUNDS.sessionTimeout.max}
                  withAsterisk
                  disabled={saving}
                  {...form.getInputProps('security.sessionTimeout')}
                />
                <NumberInput
                  label={t('security.maxLoginAttempts')}
                  description={t('security.maxLoginAttemptsHint', SECURITY_BOUNDS.maxLoginAttempts)}
                  min={SECURITY_BOUNDS.maxLoginAttempts.min}
                  max={SECURITY_BOUNDS.maxLoginAttempts.max}
                  withAsterisk
                  disabled={saving}
                  {...form.getInputProps('security.maxLoginAttempts')}
                />
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="appearance" pt="lg">
              <Stack maw={560}>
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="settings-theme-label">
                    {t('appearance.theme')}
                  </Text>
                  <Text size="xs" c="dimmed" id="settings-theme-hint">
                    {t('appearance.themeHint')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="settings-theme-label"
                    aria-describedby="settings-theme-hint"
                    value={theme}
                    onChange={(value) => form.setFieldValue('appearance.theme', value as Theme)}
                    disabled={saving}
                    data={THEMES.map((value) => ({ value, label: t(`appearance.${value}`) }))}
                  />
                </Stack>
                {(['primaryColor', 'secondaryColor', 'accentColor'] as const).map((field) => (
                  <ColorField
                    key={field}
                    label={t(`appearance.${field}`)}
                    description={t(`appearance.${field}Hint`)}
                    shadesLabel={t('appearance.shades', { name: t(`appearance.${field}`) })}
                    disabled={saving}
                    {...form.getInputProps(`appearance.${field}`)}
                  />
                ))}
                <Text size="sm" c="dimmed">
                  {t('appearance.appliesOnSave')}
                </Text>
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="email" pt="lg">
              <Stack maw={560}>
                <Title order={2} size="h4">
                  {t('email.serverTitle')}
                </Title>
                <TextInput
                  label={t('email.smtpHost')}
                  placeholder="smtp.example.com"
                  disabled={saving}
                  {...form.getInputProps('email.smtpHost')}
                />
                <NumberInput
                  label={t('email.smtpPort')}
                  min={1}
                  max={65535}
                  withAsterisk
                  disabled={saving}
                  {...form.getInputProps('email.smtpPort')}
                />
                <TextInput
                  label={t('email.smtpUsername')}
                  autoComplete="off"
                  disabled={saving}
                  {...form.getInputProps('email.smtpUsername')}
                />
                <SmtpPasswordField
                  passwordSet={settings.smtpPasswordSet}
                  disabled={saving}
                  value={form.values.smtpPassword}
                  onChange={(value) => form.setFieldValue('smtpPassword', value)}
                  error={form.errors.smtpPassword}
                />
                <Title order={2} size="h4" mt="md">
                  {t('email.senderTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('email.fromHint')}
                </Text>
                <TextInput
                  type="email"
                  label={t('email.fromEmail')}
                  disabled={saving}
                  {...form.getInputProps('email.fromEmail')}
                />
                <TextInput
                  label={t('email.fromName')}
                  disabled={saving}
                  {...form.getInputProps('email.fromName')}
                />
              </Stack>
            </Tabs.Panel>

            {/* Billing (docs/money.md): its own read and its own Save, loaded when the tab opens. */}
            <Tabs.Panel value="billing" pt="lg">
              {tab === 'billing' ? <BillingSettingsPanel /> : null}
            </Tabs.Panel>
          </Tabs>

          <Group gap="sm">
            <Button
              type="submit"
              loading={saving}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              {t('save')}
            </Button>
            <Button
              variant="default"
              disabled={saving}
              // The Spanish label is longer than a phone's width: it wraps instead of being cut.
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              leftSection={<IconRestore size={18} aria-hidden />}
              onClick={() => {
                reset.reset();
                setConfirmingReset(true);
              }}
            >
              {t('reset.button')}
            </Button>
          </Group>
        </Stack>
      </form>

      <ConfirmDialog
        opened={confirmingReset}
        title={t('reset.title')}
        message={t('reset.message')}
        confirmLabel={t('reset.confirm')}
        cancelLabel={t('cancel', { ns: 'common' })}
        failedTitle={t('reset.failed')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
        onCancel={() => setConfirmingReset(false)}
        onConfirm={() =>
          reset.mutateAsync(defaultSettingsGroups()).then((saved) => {
            setConfirmingReset(false);
            update.reset();
            setPasswordFailed(false);
            showSaved(saved, t('reset.done'));
          })
        }
      />
    </>
  );
}
