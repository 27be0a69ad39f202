import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconDownload,
  IconExternalLink,
  IconFileUnknown,
  IconLink,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatFileSize } from '../../format';
import { useLanguage } from '../../i18n';
import { TypeBadge } from '../type-badge/type-badge';
import { TYPE_STYLES, type MaterialType } from '../type-badge/type-styles';
import {
  extensionOf,
  materialPreview,
  safeExternalHref,
  type MaterialPreview,
} from './material-preview';
import { PdfPreview } from './pdf-preview';
import { PreviewFailure } from './preview-failure';

// The Markdown renderer loads only when a Markdown file is opened.
const MarkdownText = lazy(() => import('./markdown-text'));

/** What the viewer shows about a material; the screen maps its data into this. */
export interface ViewerMaterial {
  title: string;
  type: MaterialType;
  /** Original or stored file name; its extension picks the preview (office viewer, text…). */
  fileName?: string | null;
  /** Bytes; not shown when absent (links). */
  size?: number | null;
  /** The uploader's full name; null when the uploader is unknown. */
  uploadedBy: string | null;
  /** ISO date-time. */
  uploadedAt: string;
}

export interface MaterialViewerProps {
  opened: boolean;
  /** Close button, the header's ×, Escape and a click outside. */
  onClose: () => void;
  material: ViewerMaterial | null;
  /** The address to view: a signed URL for a file, the link itself for a link. */
  url: string | null;
  /** The viewing URL is being resolved. */
  loading?: boolean;
  /** Why the material cannot be shown (e.g. the signed URL failed); replaces preview and Download. */
  error?: string | null;
  /** Download pressed (files only; links get 'Open Link'). The screen fetches a fresh signed URL. */
  onDownload: () => void;
  /** Fills the screen (always the case on phones). */
  fullScreen?: boolean;
}

// Every frame is sandboxed (docs/security.md "Stored files: types, serving and previews"). A linked
// page runs nothing: no scripts, forms, pop-ups or navigation of the portal, so a page a teacher
// links to cannot pose as the portal's sign-in. The online office viewer is Microsoft's page on
// its own origin and needs its scripts; allow-same-origin keeps that origin (not the portal's).
const LINK_SANDBOX = '';
const OFFICE_SANDBOX = 'allow-scripts allow-same-origin';

const frameStyle: CSSProperties = { width: '100%', height: '100%', border: 0, display: 'block' };

/** The material viewer modal (docs/product-rules.md "Files"). */
export function MaterialViewer({
  opened,
  onClose,
  material,
  url,
  loading = false,
  error = null,
  onDownload,
  fullScreen = false,
}: MaterialViewerProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const phone = useMediaQuery('(max-width: 36em)');
  const full = fullScreen || phone;
  const isLink = material?.type === 'link';
  const preview =
    material && url && !loading && !error
      ? materialPreview(material.type, url, material.fileName)
      : null;
  const linkHref =
    isLink && url ? (preview?.kind === 'web' ? preview.src : safeExternalHref(url)) : null;
  const previewHeight = full ? 'calc(100dvh - 15rem)' : 'min(65vh, 48rem)';

  let body: ReactNode = null;
  if (material) {
    if (loading) {
      body = (
        <Center role="status" h={previewHeight} mih={240}>
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text size="sm" c="dimmed">
              {t('viewer.loading')}
            </Text>
          </Stack>
        </Center>
      );
    } else if (error) {
      body = (
        <Alert
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('viewer.errorTitle')}
        >
          {error}
        </Alert>
      );
    } else if (!preview) {
      body = (
        <Text c="dimmed" ta="center" py="xl">
          {t('viewer.noAddress')}
        </Text>
      );
    } else {
      body = <PreviewBody preview={preview} title={material.title} height={previewHeight} />;
    }
  }

  const extension = material && !isLink ? extensionOf(material.fileName) || extensionOf(url) : '';
  const typeLabel = material ? t(TYPE_STYLES[material.type].labelKey) : '';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={material?.title}
      size="xl"
      fullScreen={full}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {material ? (
        <Stack gap="md">
          <Group gap="sm" align="center" wrap="wrap">
            <TypeBadge type={material.type} />
            <Box
              component="dl"
              m={0}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 'var(--mantine-spacing-lg)',
                rowGap: 4,
              }}
            >
              {material.size !== undefined && material.size !== null ? (
                <Detail label={t('viewer.size')}>{formatFileSize(material.size, language)}</Detail>
              ) : null}
              <Detail label={t('viewer.uploadedBy')}>
                {material.uploadedBy ?? t('unknownPerson')}
              </Detail>
              <Detail label={t('viewer.date')}>{formatDate(material.uploadedAt, language)}</Detail>
              <Detail label={t('viewer.type')}>
                {extension && extension.toUpperCase() !== typeLabel.toUpperCase()
                  ? t('viewer.typeWithExtension', {
                      type: typeLabel,
                      extension: extension.toUpperCase(),
                    })
                  : typeLabel}
              </Detail>
            </Box>
          </Group>

          {body}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            {error ? null : isLink ? (
              linkHref && !loading ? (
                <Button
                  component="a"
                  href={linkHref}
                  target="_blank"
                  rel="noopener noreferrer"
                  leftSection={<IconExternalLink size={16} aria-hidden />}
                >
                  {t('viewer.openLink')}
                </Button>
              ) : (
                <Button disabled leftSection={<IconExternalLink size={16} aria-hidden />}>
                  {t('viewer.openLink')}
                </Button>
              )
            ) : (
              <Button
                onClick={onDownload}
                disabled={loading}
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t('viewer.download')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="div" gap={4} wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}:
      </Text>
      <Text component="dd" size="sm" fw={500} m={0}>
        {children}
      </Text>
    </Group>
  );
}

function PreviewBody({
  preview,
  title,
  height,
}: {
  preview: MaterialPreview;
  title: string;
  height: string;
}) {
  const { t } = useTranslation('common');
  const frameTitle = t('viewer.previewOf', { title });
  const framed = (frame: ReactNode) => (
    <Box
      h={height}
      mih={300}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
      }}
    >
      {frame}
    </Box>
  );

  switch (preview.kind) {
    case 'office':
      return framed(
        <iframe
          src={preview.src}
          title={frameTitle}
          sandbox={OFFICE_SANDBOX}
          referrerPolicy="no-referrer"
          style={frameStyle}
        />,
      );
    case 'pdf':
      return (
        <PdfPreview
          key={preview.src}
          src={preview.src}
          label={frameTitle}
          height={height}
          openHref={safeExternalHref(preview.src)}
        />
      );
    case 'image':
      return (
        <Center
          mih={240}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <img
            src={preview.src}
            alt={frameTitle}
            style={{ maxWidth: '100%', maxHeight: height, objectFit: 'contain', display: 'block' }}
          />
        </Center>
      );
    case 'text':
      return (
        <TextPreview
          src={preview.src}
          markdown={preview.markdown}
          label={frameTitle}
          height={height}
        />
      );
    case 'web':
      return framed(
        <iframe
          src={preview.src}
          title={frameTitle}
          sandbox={LINK_SANDBOX}
          referrerPolicy="no-referrer"
          style={frameStyle}
        />,
      );
    case 'video':
      return (
        <Center>
          <video
            src={preview.src}
            controls
            preload="metadata"
            aria-label={frameTitle}
            style={{ width: '100%', maxHeight: height, background: 'black', borderRadius: 8 }}
          />
        </Center>
      );
    case 'audio':
      return (
        <Center py="xl">
          <audio
            src={preview.src}
            controls
            preload="metadata"
            aria-label={frameTitle}
            style={{ width: '100%' }}
          />
        </Center>
      );
    case 'external':
      return (
        <Stack align="center" gap="sm" py="xl" ta="center">
          <IconLink size={40} aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }} />
          {preview.href ? (
            <>
              <Text size="sm">{t('viewer.externalLink')}</Text>
              <Anchor
                href={preview.href}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {preview.text}
              </Anchor>
              <Button
                component="a"
                href={preview.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('viewer.open')}
              </Button>
            </>
          ) : (
            <>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {preview.text}
              </Text>
              <Text size="sm" c="red">
                {t('viewer.unsafeLink')}
              </Text>
            </>
          )}
        </Stack>
      );
    case 'unavailable':
      return (
        <Stack align="center" gap="sm" py="xl" ta="center">
          <IconFileUnknown size={40} aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }} />
          <Text>{t('viewer.previewUnavailable')}</Text>
          {preview.href ? (
            <Button
              component="a"
              href={preview.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('viewer.openInNewTab')}
            </Button>
          ) : null}
        </Stack>
      );
  }
}

type TextState = { status: 'loading' } | { status: 'ready'; text: string } | { status: 'error' };

/**
 * Text files are fetched and decoded here as UTF-8 rather than embedded: a frame lets the browser
 * guess the encoding (windows-1252 when the server names none), which turns "conversación" into
 * "conversaciÃ³n", and Storage serves such files as downloads (`Content-Disposition: attachment`),
 * which a frame cannot show. Shown as plain text, or Markdown drawn without any HTML it holds, so
 * nothing in the file can run.
 */
function TextPreview({
  src,
  markdown,
  label,
  height,
}: {
  src: string;
  markdown: boolean;
  label: string;
  height: string;
}) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<TextState>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    fetch(src, { signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const text = new TextDecoder('utf-8').decode(await response.arrayBuffer());
        if (!abort.signal.aborted) setState({ status: 'ready', text });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ status: 'error' });
      });
    return () => abort.abort();
  }, [src]);

  if (state.status === 'loading') {
    return (
      <Center role="status" h={height} mih={240}>
        <Loader aria-label={t('viewer.loading')} />
      </Center>
    );
  }
  if (state.status === 'error') {
    return <PreviewFailure message={t('viewer.errorTitle')} openHref={safeExternalHref(src)} />;
  }
  return (
    <ScrollArea.Autosize
      mah={height}
      mih={300}
      aria-label={label}
      role="region"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {markdown ? (
        <Suspense
          fallback={
            <Center role="status" mih={240}>
              <Loader aria-label={t('viewer.loading')} />
            </Center>
          }
        >
          <MarkdownText text={state.text} />
        </Suspense>
      ) : (
        <Box
          component="pre"
          m={0}
          p="md"
          ff="monospace"
          fz="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {state.text}
        </Box>
      )}
    </ScrollArea.Autosize>
  );
}
