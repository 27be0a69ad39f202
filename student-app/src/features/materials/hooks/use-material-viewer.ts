import { notifications } from '@mantine/notifications';
import { materialsService, type Material } from '@portal/shared-data';
import type { MaterialViewerProps, ViewerMaterial } from '@portal/shared-ui';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIALS_NS } from '../i18n';
import { downloadName, startDownload } from './download-file';

type ViewerState = {
  material: Material | null;
  url: string | null;
  loading: boolean;
  error: string | null;
};

const CLOSED: ViewerState = { material: null, url: null, loading: false, error: null };

export function toViewerMaterial(material: Material): ViewerMaterial {
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

/**
 * Viewing and downloading materials: files through hour-long signed URLs (a fresh one for every
 * download), links through their own address. Returns the props for shared-ui's MaterialViewer.
 */
export function useMaterialViewer() {
  const { t } = useTranslation(MATERIALS_NS);
  const [state, setState] = useState<ViewerState>(CLOSED);
  // Only the latest open() may fill the viewer, if the user opens another material meanwhile.
  const latest = useRef(0);

  const view = useCallback(async (material: Material) => {
    const request = ++latest.current;
    setState({ material, url: null, loading: true, error: null });
    const result = await materialsService.getSignedUrl(material);
    if (request !== latest.current) return;
    setState(
      result.success
        ? { material, url: result.data, loading: false, error: null }
        : { material, url: null, loading: false, error: result.error.message },
    );
  }, []);

  const close = useCallback(() => {
    latest.current += 1;
    setState(CLOSED);
  }, []);

  const download = useCallback(
    async (material: Material) => {
      const result = await materialsService.getSignedUrl(material);
      if (!result.success) {
        notifications.show({
          color: 'red',
          message: t('downloadError', { message: result.error.message }),
        });
        return;
      }
      startDownload(result.data, downloadName(material));
    },
    [t],
  );

  const viewerProps: MaterialViewerProps = {
    opened: state.material !== null,
    onClose: close,
    material: state.material ? toViewerMaterial(state.material) : null,
    url: state.url,
    loading: state.loading,
    error: state.error,
    onDownload: () => {
      if (state.material) void download(state.material);
    },
  };

  return { view, download, viewerProps };
}
