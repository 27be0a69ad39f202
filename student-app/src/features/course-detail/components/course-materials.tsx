import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSE_DETAIL_NS } from '../i18n';

/** The course materials section; the page supplies the browser (features do not import each other). */
export function CourseMaterials({ children }: { children: ReactNode }) {
  const { t } = useTranslation(COURSE_DETAIL_NS);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="course-materials-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="course-materials-title">
          {t('materials.title')}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
