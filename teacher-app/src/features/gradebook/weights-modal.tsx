import { NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_TYPES,
  GRADE_WEIGHT,
  errorMessageKey,
  gradeWeightShares,
  gradeWeightsForm,
  validateGradeWeights,
  weightsFromForm,
  type GradeWeights,
  type GradeWeightsFormValues,
} from '@portal/shared-data';
import { gradebookMutations } from '@portal/shared-data/queries';
import { FormModal, formatDecimal, translateErrors, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';

export interface WeightsModalProps {
  courseId: string;
  weights: GradeWeights;
  onClose: () => void;
}

/**
 * Weights by activity type: one number per type (whole, 0–100), each a share of their sum, the share
 * shown as it is typed. A refused save keeps what was typed and says why in the user's language.
 */
export function WeightsModal({ courseId, weights, onClose }: WeightsModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const save = useMutation(gradebookMutations.saveWeights());
  const form = useForm<GradeWeightsFormValues>({
    mode: 'controlled',
    initialValues: gradeWeightsForm(weights),
    validate: (values) => translateErrors(validateGradeWeights(values), t),
    onValuesChange: () => form.clearFieldError('weights'),
  });
  const valid = Object.keys(validateGradeWeights(form.values)).length === 0;
  const shares = valid ? gradeWeightShares(weightsFromForm(form.values)) : {};
  const anyWeighted = Object.keys(shares).length > 0;

  const submit = form.onSubmit((values) => {
    save.mutate(
      { courseId, weights: weightsFromForm(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('weights.saved') });
          onClose();
        },
      },
    );
  });

  return (
    <FormModal
      title={t('weights.title')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={save.isPending}
      onSubmit={submit}
      submitLabel={t('weights.save')}
      failure={
        save.error
          ? {
              title: t('weights.failed'),
              reason: t(errorMessageKey(save.error), { ns: 'errors' }),
              notice: t('weights.keptNotice'),
            }
          : null
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('weights.explain')}
        </Text>
        {ACTIVITY_TYPES.map((type, index) => {
          const share = shares[type];
          return (
            <NumberInput
              key={type}
              label={t(`activityTypes.${type}`, { ns: 'common' })}
              description={
                !anyWeighted
                  ? undefined
                  : share !== undefined
                    ? t('weights.share', { share: formatDecimal(share, language, 1) })
                    : t('weights.notCounted')
              }
              data-autofocus={index === 0 ? true : undefined}
              min={GRADE_WEIGHT.min}
              max={GRADE_WEIGHT.max}
              hideControls
              inputMode="numeric"
              disabled={save.isPending}
              {...form.getInputProps(type)}
            />
          );
        })}
        {form.errors.weights ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.weights}
          </Text>
        ) : null}
      </Stack>
    </FormModal>
  );
}
