import { SimpleGrid, Stack } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { filterMaterials, type Material, type MaterialLibraryFilters } from '@portal/shared-data';
import { EmptyState, MaterialViewer } from '@portal/shared-ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterialViewer } from '../hooks/use-material-viewer';
import { MATERIALS_NS } from '../i18n';
import { MaterialCard } from './material-card';
import { MaterialFilters } from './material-filters';

export interface MaterialBrowserProps {
  materials: readonly Material[];
  /** Shown when there is nothing at all (before any filter); defaults to 'No materials found.'. */
  emptyTitle?: string;
  /** Heading level of each card's title. */
  cardHeadingOrder?: 3 | 4;
}

/**
 * Filters, cards and the viewer over materials already loaded: filtering happens here, so typing a
 * search sends no request and the filters survive a reload of the list.
 */
export function MaterialBrowser({ materials, emptyTitle, cardHeadingOrder = 3 }: MaterialBrowserProps) {
  const { t } = useTranslation(MATERIALS_NS);
  const [filters, setFilters] = useState<MaterialLibraryFilters>({});
  const shown = useMemo(() => filterMaterials(materials, filters), [materials, filters]);
  const { view, download, viewerProps } = useMaterialViewer();

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
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((material) => (
            <li key={material.id}>
              <MaterialCard
                material={material}
                onView={(item) => void view(item)}
                onDownload={(item) => void download(item)}
                headingOrder={cardHeadingOrder}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      <MaterialViewer {...viewerProps} />
    </Stack>
  );
}
