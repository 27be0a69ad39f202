import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Material } from '@portal/shared-data';
import { materialQueries } from './material-queries';
import { toServiceError } from './service-failure';

/**
 * Viewing and downloading materials, the same wherever materials are listed: the open material's
 * signed URL is read while the viewer is open; `signedUrl` gets one for a download click (both
 * reuse a link until shortly before it expires). Links resolve to their own address.
 */
export function useMaterialViewer() {
  const queryClient = useQueryClient();
  const [material, setMaterial] = useState<Material | null>(null);
  const url = useQuery({
    ...materialQueries.signedUrl(material ?? CLOSED),
    enabled: material !== null,
  });

  const signedUrl = useCallback(
    (item: Material) => queryClient.fetchQuery(materialQueries.signedUrl(item)),
    [queryClient],
  );
  const close = useCallback(() => setMaterial(null), []);

  return {
    /** The material shown in the viewer; null when it is closed. */
    material,
    open: setMaterial,
    close,
    url: material ? (url.data ?? null) : null,
    loading: material !== null && url.isPending,
    error: material && url.isError ? toServiceError(url.error) : null,
    signedUrl,
  };
}

// Stands in while the viewer is closed; its query never runs.
const CLOSED: Material = {
  id: '',
  title: '',
  type: 'other',
  url: '',
  storagePath: null,
  mimeType: null,
  fileSize: 0,
  courseId: null,
  courseTitle: null,
  language: null,
  skill: null,
  uploadedBy: '',
  uploadedById: null,
  uploadedAt: '',
};
