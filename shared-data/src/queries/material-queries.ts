import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { courseKeys, materialKeys } from './keys';
import { unwrap } from './service-failure';
import {
  type MaterialFilters,
  type MaterialLink,
  materialsLibraryReadModel,
  materialsService,
  type MaterialUpload,
  SIGNED_URL_SECONDS,
  type StoredMaterial,
} from '@portal/shared-data';

/** A signed link is reused until ten minutes before it expires. */
const SIGNED_URL_STALE_MS = (SIGNED_URL_SECONDS - 600) * 1000;

const MATERIAL_VIEWS = [materialKeys.all, courseKeys.all] as const;

export const materialQueries = {
  list: (filters: MaterialFilters) =>
    queryOptions({
      queryKey: materialKeys.list(filters),
      queryFn: () => unwrap(materialsService.list(filters)),
      placeholderData: keepPreviousData,
    }),
  /** The materials library's figures over every material the caller may see, not one page. */
  stats: () =>
    queryOptions({
      queryKey: materialKeys.stats(),
      queryFn: () => unwrap(materialsLibraryReadModel.figures()),
    }),
  /** General materials (no course) with their stats: the student's Extra Materials. */
  extra: () =>
    queryOptions({
      queryKey: materialKeys.extra(),
      queryFn: () => unwrap(materialsLibraryReadModel.listExtraMaterials()),
    }),
  /** A link to view or download a material (its own URL for links). */
  signedUrl: (material: StoredMaterial) =>
    queryOptions({
      queryKey: materialKeys.signedUrl(material.id),
      queryFn: () => unwrap(materialsService.getSignedUrl(material)),
      staleTime: SIGNED_URL_STALE_MS,
      gcTime: SIGNED_URL_STALE_MS,
    }),
};

export const materialMutations = {
  upload: () =>
    mutationOptions({
      mutationKey: ['materials', 'upload'],
      mutationFn: (upload: MaterialUpload) => unwrap(materialsService.uploadFile(upload)),
      meta: { invalidates: MATERIAL_VIEWS },
    }),
  createLink: () =>
    mutationOptions({
      mutationKey: ['materials', 'create-link'],
      mutationFn: (link: MaterialLink) => unwrap(materialsService.createLink(link)),
      meta: { invalidates: MATERIAL_VIEWS },
    }),
  delete: () =>
    mutationOptions({
      mutationKey: ['materials', 'delete'],
      mutationFn: (material: StoredMaterial) => unwrap(materialsService.delete(material)),
      meta: { invalidates: MATERIAL_VIEWS },
    }),
};
