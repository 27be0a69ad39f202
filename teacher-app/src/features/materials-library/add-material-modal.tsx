import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  NativeSelect,
  Progress,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { IconFileUpload, IconLink, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCEPTED_MATERIAL_EXTENSIONS,
  MATERIAL_DROPZONE_ACCEPT,
  MATERIAL_LANGUAGES,
  MATERIAL_MAX_BYTES,
  MATERIAL_SKILLS,
  CEFR_LEVELS,
  MATERIAL_TEXT_LIMITS,
  emptyMaterialForm,
  errorMessageKey,
  materialTextLength,
  validateMaterialForm,
  type MaterialFormTab,
  type MaterialFormValues,
  type MaterialLanguage,
  type MaterialSkill,
} from '@portal/shared-data';
import { materialMutations } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  FormModal,
  formatAlternatives,
  formatFileSize,
  translateErrors,
  useLanguage,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import type { ManagedCourseOption } from '@portal/shared-data/queries';

export type AddedAs = 'file' | 'link';

export interface AddMaterialModalProps {
  /** The courses the user may add materials to (besides the general library). */
  courses: UseQueryResult<ManagedCourseOption[]>;
  onClose: () => void;
  onAdded: (as: AddedAs) => void;
}

/**
 * Add Material, mounted only while open: a File tab (drop or pick one file; its type and the size
 * limit are shown before anything is sent, and a bar follows the upload) and a Link tab (title and
 * URL). Course, language and skill are optional on both and kept when switching tabs. A refusal by
 * the server is shown in the dialog and nothing typed or chosen is lost.
 */
export function AddMaterialModal({ courses, onClose, onAdded }: AddMaterialModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const [tab, setTab] = useState<MaterialFormTab>('file');
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation(materialMutations.upload());
  const createLink = useMutation(materialMutations.createLink());
  const saving = upload.isPending || createLink.isPending;
  const failure = tab === 'file' ? upload.error : createLink.error;
  const maxSize = formatFileSize(MATERIAL_MAX_BYTES, language);
  // The accepted types, named from the one list the picker and the check use.
  const types = formatAlternatives(
    ACCEPTED_MATERIAL_EXTENSIONS.map((extension) => extension.toUpperCase()),
    language,
  );

  const form = useForm<MaterialFormValues>({
    mode: 'controlled',
    initialValues: emptyMaterialForm(),
    clearInputErrorOnChange: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = form.getValues();
    const errors = validateMaterialForm(tab, values);
    if (Object.keys(errors).length > 0) {
      form.setErrors(translateErrors(errors, t, { size: maxSize, types }));
      return;
    }
    const placement = {
      courseId: values.courseId || null,
      language: values.language || null,
      skill: values.skill || null,
      cefrLevel: values.cefrLevel || null,
    };
    if (tab === 'file' && values.file) {
      setProgress(0);
      upload.mutate(
        {
          file: values.file,
          title: values.title.trim() || undefined,
          ...placement,
          onProgress: setProgress,
        },
        {
          onSuccess: () => onAdded('file'),
          onSettled: () => setProgress(null),
        },
      );
    } else if (tab === 'link') {
      createLink.mutate(
        { title: values.title, url: values.url, ...placement },
        { onSuccess: () => onAdded('link') },
      );
    }
  };

  const chooseFile = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    form.setFieldValue('file', file);
    form.clearFieldError('file');
    upload.reset();
  };

  // The dropzone's own refusals (type, size, more than one file), worded like the form's.
  const openFilePicker = useRef<() => void>(null);
  const rejectFiles = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
    const key = codes.includes('file-too-large')
      ? 'materialFileTooLarge'
      : codes.includes('file-invalid-type')
        ? 'materialFileType'
        : 'materialFileRequired';
    form.setFieldError('file', t(key, { ns: 'validation', size: maxSize, types }));
  };

  const courseOptions = courses.data ?? [];
  const file = form.values.file;

  return (
    <FormModal
      title={t('form.title')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={saving}
      onSubmit={submit}
      failure={
        failure && {
          title: t('form.failed'),
          reason: t(errorMessageKey(failure), { ns: 'errors' }),
          notice: t('form.keptNotice'),
        }
      }
      submitLabel={tab === 'file' ? t('form.upload') : t('form.addLink')}
    >
      <Tabs
        value={tab}
        onChange={(value) => {
          if (!saving && (value === 'file' || value === 'link')) setTab(value);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('form.tabs')} grow>
          <Tabs.Tab
            value="file"
            leftSection={<IconFileUpload size={16} aria-hidden />}
            disabled={saving}
          >
            {t('form.fileTab')}
          </Tabs.Tab>
          <Tabs.Tab value="link" leftSection={<IconLink size={16} aria-hidden />} disabled={saving}>
            {t('form.linkTab')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="file" pt="md">
          <Stack gap="sm">
            <Dropzone
              // Files are dropped on the zone; the button inside it opens the file picker. The zone
              // itself is no control (a control holding the file input and the button would nest
              // interactive elements), so it neither takes the focus nor reacts to clicks.
              openRef={openFilePicker}
              activateOnClick={false}
              activateOnKeyboard={false}
              onDrop={chooseFile}
              onReject={rejectFiles}
              accept={MATERIAL_DROPZONE_ACCEPT}
              maxSize={MATERIAL_MAX_BYTES}
              multiple={false}
              disabled={saving}
            >
              <Group
                justify="center"
                gap="md"
                mih={110}
                wrap="nowrap"
                style={{ pointerEvents: 'none' }}
              >
                <Dropzone.Accept>
                  <IconUpload size={40} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileUpload size={40} aria-hidden />
                </Dropzone.Idle>
                <Stack gap={6} align="flex-start">
                  <Text fw={600}>{t('form.dropTitle')}</Text>
                  <Text size="sm" c="dimmed" id="material-drop-hint">
                    {t('form.dropHint', { size: maxSize, types })}
                  </Text>
                  <Button
                    // The dialog opens on its first field, not on its × (Mantine focuses data-autofocus first).
                    data-autofocus
                    variant="light"
                    size="xs"
                    disabled={saving}
                    style={{ pointerEvents: 'auto' }}
                    aria-describedby={
                      form.errors.file
                        ? 'material-drop-hint material-drop-error'
                        : 'material-drop-hint'
                    }
                    onClick={() => openFilePicker.current?.()}
                  >
                    {t('form.dropLabel')}
                  </Button>
                </Stack>
              </Group>
            </Dropzone>
            {form.errors.file ? (
              <Text size="sm" c="red" role="alert" id="material-drop-error">
                {form.errors.file}
              </Text>
            ) : null}
            {file ? (
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('form.chosen', {
                    name: file.name,
                    size: formatFileSize(file.size, language),
                  })}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('form.removeFile')}
                  disabled={saving}
                  onClick={() => form.setFieldValue('file', null)}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ) : null}
            <TextInput
              label={t('form.fileTitle')}
              placeholder={file?.name}
              description={`${t('form.fileTitleHint')} ${materialTextLength(form.values.title)}/${MATERIAL_TEXT_LIMITS.title}`}
              disabled={saving}
              {...form.getInputProps('title')}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="link" pt="md">
          <Stack gap="sm">
            <TextInput
              data-autofocus
              label={t('form.linkTitle')}
              placeholder={t('form.linkTitlePlaceholder')}
              description={`${materialTextLength(form.values.title)}/${MATERIAL_TEXT_LIMITS.title}`}
              withAsterisk
              disabled={saving}
              {...form.getInputProps('title')}
            />
            <TextInput
              type="url"
              label={t('form.url')}
              placeholder={t('form.urlPlaceholder')}
              description={`${materialTextLength(form.values.url)}/${MATERIAL_TEXT_LIMITS.url}`}
              withAsterisk
              disabled={saving}
              {...form.getInputProps('url')}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      {courses.isError ? (
        <ErrorBanner
          title={t('form.coursesError')}
          message={t(errorMessageKey(courses.error), { ns: 'errors' })}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}
      <NativeSelect
        label={t('form.course')}
        disabled={saving}
        rightSection={courses.isPending ? <Loader size="xs" aria-hidden /> : undefined}
        description={courses.isPending ? t('form.loadingCourses') : undefined}
        data={[
          { value: '', label: t('form.general') },
          ...courseOptions.map((course) => ({ value: course.id, label: course.title })),
        ]}
        {...form.getInputProps('courseId')}
      />
      <Group grow align="flex-start" gap="sm" wrap="wrap" preventGrowOverflow={false}>
        <NativeSelect
          label={t('form.language')}
          disabled={saving}
          miw={160}
          data={[
            { value: '', label: t('form.notSet') },
            ...MATERIAL_LANGUAGES.map((code: MaterialLanguage) => ({
              value: code,
              label: t(`languages.${code}`),
            })),
          ]}
          {...form.getInputProps('language')}
        />
        <NativeSelect
          label={t('form.skill')}
          disabled={saving}
          miw={160}
          data={[
            { value: '', label: t('form.notSet') },
            ...MATERIAL_SKILLS.map((skill: MaterialSkill) => ({
              value: skill,
              label: t(`skills.${skill}`),
            })),
          ]}
          {...form.getInputProps('skill')}
        />
        <NativeSelect
          label={t('form.cefrLevel')}
          description={t('form.cefrLevelHint')}
          disabled={saving}
          miw={160}
          data={[{ value: '', label: t('form.notSet') }, ...CEFR_LEVELS]}
          {...form.getInputProps('cefrLevel')}
        />
      </Group>

      {progress !== null ? (
        <Stack gap={4}>
          <Progress
            value={Math.round(progress * 100)}
            aria-label={t('form.progressLabel')}
            animated={progress < 1}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('form.uploading', { percent: Math.round(progress * 100) })}
          </Text>
        </Stack>
      ) : null}
    </FormModal>
  );
}
