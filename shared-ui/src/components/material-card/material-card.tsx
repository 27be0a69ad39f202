import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink, IconEye, IconTrash } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize } from '../../format';
import { useLanguage } from '../../i18n';
import { wrappingButtonStyles } from '../../layout/wrapping';
import { MaterialTypeIcon } from '../material-type-icon/material-type-icon';
import { namespace } from '../material-viewer/material-browser-i18n';
import { safeExternalHref } from '../material-viewer/material-preview';
import { TypeBadge } from '../type-badge/type-badge';
import type { MaterialType } from '../type-badge/type-styles';

export const MATERIAL_LANGUAGE_CODES = ['ES', 'EN'] as const;
export const MATERIAL_SKILL_NAMES = [
  'listening',
  'reading',
  'grammar',
  'speaking',
  'writing',
] as const;
export type MaterialLanguageCode = (typeof MATERIAL_LANGUAGE_CODES)[number];
export type MaterialSkillName = (typeof MATERIAL_SKILL_NAMES)[number];

/** What a card shows about a material; a screen passes its materials as they are. */
export interface BrowsableMaterial {
  id: string;
  title: string;
  type: MaterialType;
  /** The link's address for a link; for a file, its object name. */
  url: string;
  /** The stored object's name (files). */
  storagePath?: string | null;
  /** Bytes; not shown for links. */
  fileSize: number;
  /** Null when the uploader is unknown; the card shows its translated word for it. */
  uploadedBy: string | null;
  uploadedAt: string;
  language: MaterialLanguageCode | null;
  skill: MaterialSkillName | null;
  /** Optional CEFR level (A1–C2). */
  cefrLevel?: string | null;
}

export interface MaterialCardProps {
  material: BrowsableMaterial;
  onView: () => void;
  /** Files only; a link's card opens its address instead. */
  onDownload: () => void;
  /**
   * Offers Delete when given. The screen decides who may (the uploader, the course's teacher,
   * admins) and asks for confirmation; the card only names the material in the button.
   */
  onDelete?: () => void;
  /** The material's course as the screen words it (a course title, or its word for general); omitted when not given. */
  course?: string | null;
  /** Heading level of the card's title inside the page's outline. */
  headingOrder?: 3 | 4;
}

/**
 * One material: type icon and badge, size, uploader, date, language, skill; View, Download (Open for
 * links) and, where the screen allows it, Delete.
 */
export function MaterialCard({
  material,
  onView,
  onDownload,
  onDelete,
  course,
  headingOrder = 3,
}: MaterialCardProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const isLink = material.type === 'link';
  const linkHref = isLink ? safeExternalHref(material.url) : null;
  const titleId = useId();

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      h="100%"
    >
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MaterialTypeIcon type={material.type} size="xl" />
          <Box miw={0} style={{ flex: 1 }}>
            <Title id={titleId} order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {material.title}
            </Title>
            <Box mt={4}>
              <TypeBadge type={material.type} />
            </Box>
          </Box>
        </Group>

        <Box
          component="dl"
          m={0}
          style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 2 }}
        >
          {course === undefined ? null : (
            <Detail label={t('card.course')}>{course ?? t('card.notSet')}</Detail>
          )}
          {isLink ? null : (
            <Detail label={t('card.size')}>{formatFileSize(material.fileSize, language)}</Detail>
          )}
          <Detail label={t('card.uploadedBy')}>
            {material.uploadedBy ?? t('unknownPerson', { ns: 'common' })}
          </Detail>
          <Detail label={t('card.date')}>{formatDate(material.uploadedAt, language)}</Detail>
          <Detail label={t('card.language')}>
            {material.language ? t(`languages.${material.language}`) : t('card.notSet')}
          </Detail>
          <Detail label={t('card.skill')}>
            {material.skill ? t(`skills.${material.skill}`) : t('card.notSet')}
          </Detail>
          {material.cefrLevel ? (
            <Detail label={t('card.cefrLevel')}>{material.cefrLevel}</Detail>
          ) : null}
        </Box>

        <Group gap="xs" mt="auto" wrap="wrap">
          <Button
            variant="light"
            size="sm"
            styles={wrappingButtonStyles}
            leftSection={<IconEye size={16} aria-hidden />}
            aria-label={t('card.viewLabel', { title: material.title })}
            onClick={onView}
          >
            {t('card.view')}
          </Button>
          {isLink ? (
            <Button
              component="a"
              href={linkHref ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              styles={wrappingButtonStyles}
              disabled={!linkHref}
              leftSection={<IconExternalLink size={16} aria-hidden />}
              aria-label={t('card.openLabel', { title: material.title })}
            >
              {t('card.open')}
            </Button>
          ) : (
            <Button
              size="sm"
              styles={wrappingButtonStyles}
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={t('card.downloadLabel', { title: material.title })}
              onClick={onDownload}
            >
              {t('card.download')}
            </Button>
          )}
          {onDelete ? (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              styles={wrappingButtonStyles}
              leftSection={<IconTrash size={16} aria-hidden />}
              aria-label={t('card.deleteLabel', { title: material.title })}
              onClick={onDelete}
            >
              {t('card.delete')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}
