import { SimpleGrid, Stack } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state/empty-state';
import {
  MATERIAL_LANGUAGE_CODES,
  MATERIAL_SKILL_NAMES,
  MaterialCard,
  type BrowsableMaterial,
  type MaterialLanguageCode,
  type MaterialSkillName,
} from '../material-card/material-card';
import { MaterialFilters } from '../material-filters/material-filters';
import { namespace } from './material-browser-i18n';
import type { ViewerMaterial } from './material-viewer';

export const BROWSER_LANGUAGES = MATERIAL_LANGUAGE_CODES;
export const BROWSER_SKILLS = MATERIAL_SKILL_NAMES;
export type { BrowsableMaterial };

export interface MaterialBrowserFilters {
  language?: MaterialLanguageCode | null;
  skill?: MaterialSkillName | null;
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
