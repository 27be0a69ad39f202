import {
  Box,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconExternalLink, IconEye, IconFiles } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { wrappingButtonStyles } from '../../layout/wrapping';
import { formatDate, formatFileSize } from '../../format';
import { useLanguage } from '../../i18n';
import { EmptyState } from '../empty-state/empty-state';
import { MaterialTypeIcon } from '../material-type-icon/material-type-icon';
import { SearchInput } from '../search-input/search-input';
import { TypeBadge } from '../type-badge/type-badge';
import type { MaterialType } from '../type-badge/type-styles';
import { namespace } from './material-browser-i18n';
import { safeExternalHref } from './material-preview';
import type { ViewerMaterial } from './material-viewer';

export const BROWSER_LANGUAGES = ['ES', 'EN'] as const;
export const BROWSER_SKILLS = ['listening', 'reading', 'grammar'] as const;
type BrowserLanguage = (typeof BROWSER_LANGUAGES)[number];
type BrowserSkill = (typeof BROWSER_SKILLS)[number];

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
  language: BrowserLanguage | null;
  skill: BrowserSkill | null;
}

export interface MaterialBrowserFilters {
  language?: BrowserLanguage | null;
  skill?: BrowserSkill | null;
  search?: string;
}

export interface MaterialBrowserProps<M extends BrowsableMaterial> {
  materials: readonly M[];
  /** The filtering rule (shared-data's `filterMaterials`): the kit only holds the chosen filters. */
  filter: (materials: readonly M[], filters: MaterialBrowserFilters) => M[];
  onView: (material: M) => void;
  /** Files only; a link's card opens its address instead. */
  onDownload: (material: M) => void;
  /** Shown when there is nothing at all (before any filter); defaults to 'No materials found.'. */
  emptyTitle?: string;
  /** Heading level of each card's title inside the page's outline. */
  cardHeadingOrder?: 3 | 4;
}

/**
 * Filters (language, skill, title search) and the material cards over materials already loaded:
 * typing a search sends no request, and the filters survive a reload of the list.
 */
export function MaterialBrowser<M extends BrowsableMaterial>({
  materials,
  filter,
  onView,
  onDownload,
  emptyTitle,
  cardHeadingOrder = 3,
}: MaterialBrowserProps<M>) {
  const { t } = useTranslation(namespace);
  const [filters, setFilters] = useState<MaterialBrowserFilters>({});
  const shown = useMemo(() => filter(materials, filters), [filter, materials, filters]);

  return (
    <Stack gap="md">
      <MaterialFilters value={filters} onChange={setFilters} resultCount={shown.length} />
      {shown.length === 0 ? (
        <EmptyState
          icon={<IconFiles aria-hidden />}
          title={materials.length === 0 ? (emptyTitle ?? t('empty')) : t('empty')}
          description={materials.length === 0 ? undefined : t('emptyHint')}
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {shown.map((material) => (
            <li key={material.id}>
              <MaterialCard
                material={material}
                onView={() => onView(material)}
                onDownload={() => onDownload(material)}
                headingOrder={cardHeadingOrder}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** What the viewer shows of a listed material. */
export function toViewerMaterial(material: BrowsableMaterial): ViewerMaterial {
  const isLink = material.type === 'link';
  return {
    title: material.title,
    type: material.type,
    fileName: isLink ? null : (material.storagePath ?? material.url),
    size: isLink ? null : material.fileSize,
    uploadedBy: material.uploadedBy,
    uploadedAt: material.uploadedAt,
  };
}

const ALL = 'all';

function MaterialFilters({
  value,
  onChange,
  resultCount,
}: {
  value: MaterialBrowserFilters;
  onChange: (value: MaterialBrowserFilters) => void;
  resultCount: number;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Group role="search" aria-label={t('filters.label')} gap="sm" align="flex-end" wrap="wrap">
      <SearchInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={value.search ?? ''}
        onChange={(search) => onChange({ ...value, search })}
        style={{ flex: '1 1 14rem' }}
      />
      <NativeSelect
        label={t('filters.language')}
        value={value.language ?? ALL}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange({
            ...value,
            language: BROWSER_LANGUAGES.find((code) => code === chosen) ?? null,
          });
        }}
        data={[
          { value: ALL, label: t('filters.allLanguages') },
          ...BROWSER_LANGUAGES.map((code) => ({
            value: code,
            label: `${code} · ${t(`languages.${code}`)}`,
          })),
        ]}
        style={{ flex: '1 1 10rem' }}
      />
      <NativeSelect
        label={t('filters.skill')}
        value={value.skill ?? ALL}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange({ ...value, skill: BROWSER_SKILLS.find((skill) => skill === chosen) ?? null });
        }}
        data={[
          { value: ALL, label: t('filters.allSkills') },
          ...BROWSER_SKILLS.map((skill) => ({ value: skill, label: t(`skills.${skill}`) })),
        ]}
        style={{ flex: '1 1 10rem' }}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite" style={{ flex: '1 0 100%' }}>
        {t('filters.count', { count: resultCount })}
      </Text>
    </Group>
  );
}

/** Type icon and badge, size, uploader, date, language, skill; View, and Download (Open for links). */
function MaterialCard({
  material,
  onView,
  onDownload,
  headingOrder,
}: {
  material: BrowsableMaterial;
  onView: () => void;
  onDownload: () => void;
  headingOrder: 3 | 4;
}) {
  const { t } = useTranslation(namespace);
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
