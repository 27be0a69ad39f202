import { ActionIcon, Box, Center, Group, Loader, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewFailure } from './preview-failure';
import {
  openPdf,
  pdfProblemOf,
  type PdfDrawing,
  type PdfFile,
  type PdfPageSize,
  type PdfProblem,
} from './pdf-document';

/** Zoom levels, as a share of the width that fits the viewer; 100% is the start. */
const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const START_ZOOM = ZOOM_STEPS.indexOf(1);
/** Space between pages and around them, in CSS pixels. */
const PAGE_GAP = 12;
/** How far outside the visible pages a page is drawn ahead of the scroll (and kept). */
const NEAR_MARGIN = '100% 0px';

type PdfState =
  | { status: 'loading' }
  | { status: 'ready'; file: PdfFile }
  | { status: 'failed'; problem: PdfProblem };

export interface PdfPreviewProps {
  /** The signed address of the PDF (the viewer keys this component by it). */
  src: string;
  /** The preview's accessible name ('Preview of …'). */
  label: string;
  height: string;
  /** The address "Open in new tab" goes to when the PDF cannot be shown. */
  openHref: string | null;
}

/**
 * A PDF drawn by pdf.js (pdf-document.ts), page by page as the pages come near the view, with a
 * page counter, previous/next page and zoom. Nothing in the file can run in the page: pdf.js only
 * reads it, and a file that is not a PDF (HTML posing as one) fails to open with a message.
 */
export function PdfPreview({ src, label, height, openHref }: PdfPreviewProps) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<PdfState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    let opened: PdfFile | null = null;
    openPdf(src).then(
      (file) => {
        if (current) {
          opened = file;
          setState({ status: 'ready', file });
        } else {
          file.close();
        }
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', problem: pdfProblemOf(error) });
      },
    );
    return () => {
      current = false;
      opened?.close();
    };
  }, [src]);

  const fail = useCallback((problem: PdfProblem) => setState({ status: 'failed', problem }), []);

  if (state.status === 'loading') {
    return (
      <Center role="status" h={height} mih={240}>
        <Loader aria-label={t('viewer.loading')} />
      </Center>
    );
  }
  if (state.status === 'failed') {
    return <PreviewFailure message={t(`viewer.pdf.${state.problem}`)} openHref={openHref} />;
  }
  return <PdfPages file={state.file} label={label} height={height} onFailure={fail} />;
}

function PdfPages({
  file,
  label,
  height,
  onFailure,
}: {
  file: PdfFile;
  label: string;
  height: string;
  onFailure: (problem: PdfProblem) => void;
}) {
  const { t } = useTranslation('common');
  const [zoomStep, setZoomStep] = useState(START_ZOOM);
  const [currentPage, setCurrentPage] = useState(1);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // The width a page may take: a block inside the scroller's padding, beside its scrollbar.
  const { ref: measure, width } = useElementSize<HTMLDivElement>();
  const zoom = ZOOM_STEPS[zoomStep] ?? 1;
  // 100% fits the first page's width to the viewer (scale 1 until the viewer has been measured).
  const fitScale = width > 0 ? width / file.pageSize.width : 1;
  const scale = fitScale * zoom;
  const pages = Array.from({ length: file.pageCount }, (_, index) => index + 1);

  const pageElement = (pageNumber: number) =>
    scroller?.querySelector<HTMLElement>(`[data-page="${pageNumber}"]`) ?? null;

  const goTo = (pageNumber: number) => {
    setCurrentPage(pageNumber);
    const page = pageElement(pageNumber);
    if (scroller && page) scroller.scrollTo({ top: page.offsetTop - PAGE_GAP });
  };

  // The page whose top has passed the upper third of the view is the one being read.
  const followScroll = () => {
    if (!scroller) return;
    const reading = scroller.scrollTop + scroller.clientHeight / 3;
    let page = 1;
    for (const element of scroller.querySelectorAll<HTMLElement>('[data-page]')) {
      if (element.offsetTop > reading) break;
      page = Number(element.dataset.page);
    }
    setCurrentPage(page);
  };

  // A zoom keeps the page being read at the top of the view.
  const shownScale = useRef(scale);
  useLayoutEffect(() => {
    if (shownScale.current === scale) return;
    shownScale.current = scale;
    const page = scroller?.querySelector<HTMLElement>(`[data-page="${currentPage}"]`);
    if (scroller && page) scroller.scrollTop = page.offsetTop - PAGE_GAP;
  }, [scale, scroller, currentPage]);

  return (
    <Box
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
      }}
    >
      <Group
        justify="space-between"
        gap="xs"
        px="sm"
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('viewer.previousPage')}
            disabled={currentPage <= 1}
            onClick={() => goTo(currentPage - 1)}
          >
            <IconChevronUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('viewer.nextPage')}
            disabled={currentPage >= file.pageCount}
            onClick={() => goTo(currentPage + 1)}
          >
            <IconChevronDown size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm">{t('viewer.pdfPage', { page: currentPage, count: file.pageCount })}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('viewer.zoomOut')}
            disabled={zoomStep === 0}
            onClick={() => setZoomStep(zoomStep - 1)}
          >
            <IconZoomOut size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" miw="3.5em" ta="center" aria-live="polite">
            {t('viewer.zoomLevel', { percent: Math.round(zoom * 100) })}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t('viewer.zoomIn')}
            disabled={zoomStep === ZOOM_STEPS.length - 1}
            onClick={() => setZoomStep(zoomStep + 1)}
          >
            <IconZoomIn size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {/* Focusable, so the arrow and page keys scroll the pages. */}
      <div
        ref={setScroller}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={followScroll}
        style={{
          position: 'relative',
          height,
          minHeight: 300,
          overflow: 'auto',
          padding: PAGE_GAP,
          background: 'var(--mantine-color-default-hover)',
        }}
      >
        <div ref={measure} />
        {/* As wide as the widest page, so a zoomed page scrolls sideways instead of being cut. */}
        <div style={{ width: 'max-content', minWidth: '100%' }}>
          {pages.map((pageNumber) => (
            <PdfPageView
              key={pageNumber}
              file={file}
              pageNumber={pageNumber}
              scale={scale}
              root={scroller}
              onFailure={onFailure}
            />
          ))}
        </div>
      </div>
    </Box>
  );
}

/**
 * One page: a box of the page's size, drawn on a canvas while it is near the view and emptied
 * when it leaves (a long PDF would otherwise hold every page's pixels). Without
 * IntersectionObserver every page is drawn.
 */
function PdfPageView({
  file,
  pageNumber,
  scale,
  root,
  onFailure,
}: {
  file: PdfFile;
  pageNumber: number;
  scale: number;
  root: HTMLElement | null;
  onFailure: (problem: PdfProblem) => void;
}) {
  const { t } = useTranslation('common');
  const holder = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<PdfPageSize>(file.pageSize);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = holder.current;
    if (!element || !root || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setNear(entry.isIntersecting);
      },
      { root, rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    const element = holder.current;
    if (!element) return undefined;
    if (!near) {
      element.replaceChildren();
      return undefined;
    }
    let current = true;
    let drawing: PdfDrawing | null = null;
    file
      .page(pageNumber)
      .then(async (page) => {
        if (!current) return;
        setSize({ width: page.width, height: page.height });
        // A new canvas each time: the last drawing stays on screen (stretched) until this one is
        // done, and pdf.js never draws twice on one canvas.
        const canvas = document.createElement('canvas');
        canvas.style.display = 'block';
        canvas.style.width = '100%';
        canvas.style.height = '100%';
        drawing = page.draw(canvas, scale);
        await drawing.done;
        if (current) element.replaceChildren(canvas);
      })
      .catch((error: unknown) => {
        if (current) onFailure(pdfProblemOf(error));
      });
    return () => {
      current = false;
      drawing?.cancel();
    };
  }, [file, pageNumber, near, scale, onFailure]);

  return (
    <div
      ref={holder}
      data-page={pageNumber}
      role="img"
      aria-label={t('viewer.pdfPage', { page: pageNumber, count: file.pageCount })}
      style={{
        width: Math.floor(size.width * scale),
        height: Math.floor(size.height * scale),
        margin: `0 auto ${PAGE_GAP}px`,
        background: 'white',
        boxShadow: 'var(--mantine-shadow-xs)',
      }}
    />
  );
}
