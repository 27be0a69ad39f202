import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GradeMark } from './grade-mark';
import { namespace } from './i18n';

/** What each mark of the gradebook means, with the marks themselves. */
export function GradebookLegend() {
  const { t } = useTranslation(namespace);
  const items = [
    {
      mark: <GradeMark cell={{ grade: 8, state: 'graded', late: false }} maxPoints={10} />,
      text: t('legend.graded'),
    },
    {
      mark: <GradeMark cell={{ grade: null, state: 'missing', late: false }} maxPoints={10} />,
      text: t('legend.missing'),
    },
    {
      mark: <GradeMark cell={{ grade: null, state: 'submitted', late: true }} maxPoints={10} />,
      text: t('legend.late'),
    },
    {
      mark: <GradeMark cell={{ grade: null, state: 'submitted', late: false }} maxPoints={10} />,
      text: t('legend.submitted'),
    },
    { mark: null, text: t('legend.open') },
  ];
  return (
    <section aria-label={t('legend.title')}>
      <Text size="sm" fw={600} mb={4}>
        {t('legend.title')}
      </Text>
      <List size="sm" spacing={4} listStyleType="none">
        {items.map((item) => (
          <List.Item key={item.text}>
            <span
              style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
            >
              {item.mark}
              <span>{item.text}</span>
            </span>
          </List.Item>
        ))}
        <List.Item>{t('legend.total')}</List.Item>
      </List>
    </section>
  );
}
