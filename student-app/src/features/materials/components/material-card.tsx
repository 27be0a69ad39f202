import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink, IconEye } from '@tabler/icons-react';
import type { Material } from '@portal/shared-data';
import {
  MaterialTypeIcon,
  TypeBadge,
  formatDate,
  formatFileSize,
  safeExternalHref,
  useLanguage,
} from '@portal/shared-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIALS_NS } from '../i18n';

export interface MaterialCardProps {
  material: Material;
  onView: (material: Material) => void;
  onDownload: (material: Material) => void;
  /** Heading level of the title inside the page's outline. */
  headingOrder?: 3 | 4;
}

/** A material of SPEC §2: type icon and badge, size, uploader, date, language, skill; View, Download / Open. */
export function MaterialCard({ material, onView, onDownload, headingOrder = 3 }: MaterialCardProps) {
  const { t } = useTranslation(MATERIALS_NS);
  const { language } = useLanguage();
  const isLink = material.type === 'link';
  const linkHref = isLink ? safeExternalHref(material.url) : null;

  return (
    <Card withBorder radius="md" padding="md" component="article" h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MaterialTypeIcon type={material.type} size="xl" />
          <Box miw={0} style={{ flex: 1 }}>
            <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
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
          {isLink ? null : (
            <Detail label={t('card.size')}>{formatFileSize(material.fileSize, language)}</Detail>
          )}
          <Detail label={t('card.uploadedBy')}>{material.uploadedBy}</Detail>
          <Detail label={t('card.date')}>{formatDate(material.uploadedAt, language)}</Detail>
          <Detail label={t('card.language')}>
            {material.language ? t(`languages.${material.language}`) : t('card.notSet')}
          </Detail>
          <Detail label={t('card.skill')}>
            {material.skill ? t(`skills.${material.skill}`) : t('card.notSet')}
          </Detail>
        </Box>

        <Group gap="xs" mt="auto" grow>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconEye size={16} aria-hidden />}
            aria-label={t('card.viewLabel', { title: material.title })}
            onClick={() => onView(material)}
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
              disabled={!linkHref}
              leftSection={<IconExternalLink size={16} aria-hidden />}
              aria-label={t('card.openLabel', { title: material.title })}
            >
              {t('card.open')}
            </Button>
          ) : (
            <Button
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={t('card.downloadLabel', { title: material.title })}
              onClick={() => onDownload(material)}
            >
              {t('card.download')}
            </Button>
          )}
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
