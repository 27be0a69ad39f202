import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList, renderWithProviders, stubPdfDocuments } from '../../test-utils';
import { MaterialViewer, type MaterialViewerProps, type ViewerMaterial } from './material-viewer';

const uploadedAt = new Date(2025, 2, 4, 10, 30).toISOString();

const pdf: ViewerMaterial = {
  title: 'Unit 1 – Greetings',
  type: 'pdf',
  fileName: 'unit-1.pdf',
  size: 1536,
  uploadedBy: 'Ana García',
  uploadedAt,
};

const signed = (name: string) =>
  `https://api.example.com/storage/v1/object/sign/materials/${name}?token=t0k3n`;

function renderViewer(props: Partial<MaterialViewerProps> = {}, language: 'en' | 'es' = 'en') {
  const onClose = vi.fn();
  const onDownload = vi.fn();
  const result = renderWithProviders(
    <MaterialViewer
      opened
      onClose={onClose}
      onDownload={onDownload}
      material={pdf}
      url={signed('1712-unit-1.pdf')}
      {...props}
    />,
    { language },
  );
  return {
    ...result,
    onClose,
    onDownload,
    dialog: () => screen.getByRole('dialog', { name: props.material?.title ?? pdf.title }),
  };
}

/** The value beside a label in the details list. */
function detail(label: string): string | null | undefined {
  return screen.getByText(`${label}:`, { selector: 'dt' }).nextElementSibling?.textContent;
}

beforeEach(() => {
  // The unit tests' DOM cannot run pdf.js: the many tests that show the sample PDF get a stand-in.
  stubPdfDocuments({ pages: 1 });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MaterialViewer header', () => {
  it('is a dialog named by the title showing type badge, size, uploader, date and type', () => {
    const { dialog } = renderViewer();
    const details = dialog();
    expect(
      within(details).getByText('PDF', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(details).toHaveTextContent('Size:1.5 KB');
    expect(details).toHaveTextContent('Uploaded by:Ana García');
    expect(details).toHaveTextContent('Date:Mar 4, 2025');
    expect(detail('Type')).toBe('PDF');
  });

  it('names the file type from the extension', () => {
    const { dialog } = renderViewer({
      material: { ...pdf, type: 'document', fileName: 'Vocabulary.DOCX', size: 5 * 1024 * 1024 },
      url: signed('x.docx'),
    });
    expect(dialog()).toHaveTextContent('Type:Document (DOCX)');
    expect(dialog()).toHaveTextContent('Size:5 MB');
  });

  it('leaves out the size when there is none (links)', () => {
    const { dialog } = renderViewer({
      material: { ...pdf, type: 'link', fileName: null, size: null },
      url: 'https://www.rae.es/',
    });
    expect(dialog()).not.toHaveTextContent('Size');
    expect(dialog()).toHaveTextContent('Type:Link');
  });

  it('speaks Spanish', () => {
    const { dialog } = renderViewer({}, 'es');
    expect(dialog()).toHaveTextContent('Tamaño:1,5 KB');
    expect(dialog()).toHaveTextContent('Subido por:Ana García');
    expect(dialog()).toHaveTextContent('Fecha:4 mar 2025');
    expect(within(dialog()).getAllByRole('button', { name: 'Cerrar' })).toHaveLength(2);
    expect(within(dialog()).getByRole('button', { name: 'Descargar' })).toBeInTheDocument();
  });

  it('names an unknown uploader in the reader language', () => {
    const { dialog } = renderViewer({ material: { ...pdf, uploadedBy: null } }, 'es');
    expect(dialog()).toHaveTextContent('Subido por:Desconocido');
    expect(dialog()).not.toHaveTextContent('Unknown');
  });
});

describe('MaterialViewer preview', () => {
  it('never frames a PDF: pdf.js draws it from the signed address', async () => {
    const pdfs = stubPdfDocuments({ pages: 2 });
    renderViewer();
    const preview = await screen.findByRole('region', { name: 'Preview of Unit 1 – Greetings' });
    expect(await within(preview).findAllByRole('img', { name: /^Page \d of 2$/ })).toHaveLength(2);
    expect(pdfs.opened).toEqual([signed('1712-unit-1.pdf')]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'])(
    'shows .%s through the online office viewer',
    (extension) => {
      const url = signed(`file.${extension}`);
      renderViewer({
        material: { ...pdf, type: 'document', fileName: `Lesson.${extension}` },
        url,
      });
      const frame = screen.getByTitle('Preview of Unit 1 – Greetings');
      expect(frame).toHaveAttribute(
        'src',
        `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(url)}`,
      );
      // The viewer runs on its own origin and needs its scripts; no forms, pop-ups or navigation.
      expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    },
  );

  it('shows an image as an image, not in a frame', () => {
    const url = signed('map.png');
    renderViewer({ material: { ...pdf, type: 'document', fileName: 'Map of Madrid.png' }, url });
    const image = screen.getByRole('img', { name: 'Preview of Unit 1 – Greetings' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', url);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('never frames an HTML page stored as a document', () => {
    const url = signed('lesson.html');
    renderViewer({ material: { ...pdf, type: 'document', fileName: 'lesson.html' }, url });
    expect(screen.getByText('Preview not available for this file type.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', url);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each(['txt', 'rtf'])(
    'shows .%s text files as text decoded from UTF-8, not as raw bytes in a frame',
    async (extension) => {
      const url = signed(`notes.${extension}`);
      const content = '# Una conversación: ¿qué tal?\nAdiós, señor.';
      const fetchMock = vi
        .spyOn(globalThis, 'fetch')
        // A server that names no charset: the bytes alone must decide.
        .mockResolvedValue(
          new Response(new TextEncoder().encode(content), {
            headers: { 'content-type': 'text/markdown' },
          }),
        );
      renderViewer({ material: { ...pdf, type: 'other', fileName: `notes.${extension}` }, url });
      const preview = await screen.findByLabelText('Preview of Unit 1 – Greetings');
      expect(preview).toHaveTextContent('Una conversación: ¿qué tal?');
      expect(preview).not.toHaveTextContent('Ã');
      expect(preview.textContent).toContain('\nAdiós, señor.');
      expect(fetchMock).toHaveBeenCalledWith(url, expect.anything());
      expect(document.querySelector('iframe')).toBeNull();
    },
  );

  it('renders Markdown notes decoded from UTF-8: headings, lists, emphasis, tables and links', async () => {
    const url = signed('vocabulario.md');
    const content = [
      '# Una conversación',
      '',
      '## En la calle',
      '',
      '### Por la mañana',
      '',
      'Saludos **útiles**:',
      '',
      '- ¿Qué tal?',
      '- Adiós, señor.',
      '',
      '| español | English |',
      '| --- | --- |',
      '| hola | hello |',
      '',
      '[Más ejemplos](https://example.com/saludos)',
    ].join('\n');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new TextEncoder().encode(content), {
        headers: { 'content-type': 'text/markdown' },
      }),
    );
    renderViewer({ material: { ...pdf, type: 'document', fileName: 'vocabulario.md' }, url });
    const preview = await screen.findByRole('region', { name: 'Preview of Unit 1 – Greetings' });
    // The Markdown renderer is a lazy chunk: its first import in a test run can take seconds.
    expect(
      await within(preview).findByRole(
        'heading',
        { name: 'Una conversación' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    // The note's outline sits under the viewer's own title, in sizes that fit a phone: a "#" heading
    // is a third-level heading (not the page's h1, a third of a 375 px screen), "##" the fourth...
    expect(
      within(preview)
        .getAllByRole('heading')
        .map((heading) => [heading.tagName, heading.textContent]),
    ).toEqual([
      ['H3', 'Una conversación'],
      ['H4', 'En la calle'],
      ['H5', 'Por la mañana'],
    ]);
    expect(within(preview).getByText('útiles').tagName).toBe('STRONG');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['¿Qué tal?', 'Adiós, señor.']);
    expect(within(preview).getByRole('cell', { name: 'hello' })).toBeInTheDocument();
    const link = within(preview).getByRole('link', { name: 'Más ejemplos' });
    expect(link).toHaveAttribute('href', 'https://example.com/saludos');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(preview).not.toHaveTextContent('**');
  });

  it('never runs or renders HTML written in a Markdown note', async () => {
    const content = [
      '# Notas',
      '',
      '<img src="x" onerror="alert(1)">',
      '',
      '<script>alert(2)</script>',
      '',
      '<a href="https://example.com">raw</a>',
      '',
      '[click](javascript:alert(3))',
    ].join('\n');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(content));
    renderViewer({
      material: { ...pdf, type: 'document', fileName: 'notas.md' },
      url: signed('notas.md'),
    });
    const preview = await screen.findByRole('region', { name: 'Preview of Unit 1 – Greetings' });
    await within(preview).findByRole('heading', { name: 'Notas' });
    expect(preview.querySelector('img, script, [onerror]')).toBeNull();
    expect(within(preview).queryByRole('link', { name: 'raw' })).toBeNull();
    // A script address is dropped from the link it was written in.
    const scripted = within(preview).queryByRole('link', { name: 'click' });
    expect(scripted?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('says so when a text file cannot be fetched', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('gone', { status: 404 }));
    renderViewer({
      material: { ...pdf, type: 'document', fileName: 'notes.txt' },
      url: signed('notes.txt'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This material could not be opened.',
    );
  });

  it('plays a video with controls', () => {
    const url = signed('clip.mp4');
    const { container } = renderViewer({
      material: { ...pdf, type: 'video', fileName: 'clip.mp4' },
      url,
    });
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', url);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAccessibleName('Preview of Unit 1 – Greetings');
  });

  it('plays audio with controls', () => {
    const url = signed('dialogue.mp3');
    const { container } = renderViewer({
      material: { ...pdf, type: 'audio', fileName: 'dialogue.mp3' },
      url,
    });
    const audio = container.querySelector('audio');
    expect(audio).toHaveAttribute('src', url);
    expect(audio).toHaveAttribute('controls');
  });

  it("has no preview for other types: 'Preview not available for this file type.' and Open in new tab", () => {
    const url = signed('archive.zip');
    renderViewer({ material: { ...pdf, type: 'other', fileName: 'archive.zip' }, url });
    expect(screen.getByText('Preview not available for this file type.')).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Open in new tab' });
    expect(open).toHaveAttribute('href', url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByTitle(/Preview of/)).not.toBeInTheDocument();
  });

  it('translates the unavailable preview', () => {
    renderViewer(
      { material: { ...pdf, type: 'other', fileName: 'a.zip' }, url: signed('a.zip') },
      'es',
    );
    expect(
      screen.getByText('La vista previa no está disponible para este tipo de archivo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir en una pestaña nueva' })).toBeInTheDocument();
  });
});

describe('MaterialViewer PDFs', () => {
  /** An error as pdf.js names it. */
  const pdfError = (name: string) => Object.assign(new Error(`${name} from pdf.js`), { name });

  /** Stands in for IntersectionObserver, so a test says which pages are near the view. */
  class FakeObserver {
    static all: FakeObserver[] = [];
    readonly targets = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      FakeObserver.all.push(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
    }
    takeRecords() {
      return [];
    }
  }

  function setNear(target: Element, isIntersecting: boolean) {
    for (const observer of FakeObserver.all.filter((o) => o.targets.has(target))) {
      act(() =>
        observer.callback(
          [{ target, isIntersecting } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        ),
      );
    }
  }

  const pageOf = (number: number, count: number) =>
    screen.getByRole('img', { name: `Page ${number} of ${count}` });

  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.all = [];
  });

  it('draws only the pages near the view, and lets go of those it leaves', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const pdfs = stubPdfDocuments({ pages: 3 });
    renderViewer();
    expect(await screen.findAllByRole('img', { name: /^Page \d of 3$/ })).toHaveLength(3);
    expect(pdfs.drawn).toEqual([]);

    setNear(pageOf(1, 3), true);
    await waitFor(() => expect(pageOf(1, 3).querySelector('canvas')).not.toBeNull());
    setNear(pageOf(3, 3), true);
    await waitFor(() => expect(pageOf(3, 3).querySelector('canvas')).not.toBeNull());
    expect(pdfs.drawn.map((drawing) => drawing.page)).toEqual([1, 3]);
    expect(pageOf(2, 3).querySelector('canvas')).toBeNull();

    setNear(pageOf(1, 3), false);
    await waitFor(() => expect(pageOf(1, 3).querySelector('canvas')).toBeNull());
  });

  it('says which page is in view and moves page by page from the keyboard', async () => {
    stubPdfDocuments({ pages: 3 });
    const { user } = renderViewer();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toBeDisabled();
    // The pages themselves scroll with the arrow keys once focused.
    expect(screen.getByRole('region', { name: 'Preview of Unit 1 – Greetings' })).toHaveAttribute(
      'tabindex',
      '0',
    );

    next.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('zooms in and out, drawing the pages again at the new size', async () => {
    const pdfs = stubPdfDocuments({ pages: 2 });
    const { user } = renderViewer();
    await waitFor(() => expect(pdfs.drawn.map((drawing) => drawing.page)).toEqual([1, 2]));
    const first = pdfs.drawn[0]!.scale;
    expect(screen.getByText('100%')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('125%')).toBeInTheDocument();
    await waitFor(() =>
      expect(pdfs.drawn.filter((drawing) => drawing.scale === first * 1.25)).toHaveLength(2),
    );

    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    while (!(zoomOut as HTMLButtonElement).disabled) await user.click(zoomOut);
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeEnabled();
  });

  it.each([
    [
      'a password-protected PDF',
      'PasswordException',
      'This PDF is protected by a password, so it cannot be shown here. Download it and open it with its password.',
    ],
    [
      'a damaged PDF',
      'InvalidPDFException',
      'This PDF cannot be shown: the file may be damaged. Download it to open it in another program.',
    ],
    [
      'a PDF that cannot be fetched',
      'ResponseException',
      'The PDF could not be loaded. Check your connection and open it again, or download the file.',
    ],
  ])('says why %s cannot be shown, with Open in new tab and Download', async (_, name, text) => {
    stubPdfDocuments({ error: pdfError(name) });
    renderViewer();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(alert).getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
      'href',
      signed('1712-unit-1.pdf'),
    );
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('says so when the network fails, and when a page cannot be drawn', async () => {
    stubPdfDocuments({ error: new TypeError('Failed to fetch') });
    const { unmount } = renderViewer();
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be loaded.');
    unmount();

    stubPdfDocuments({ pages: 1, drawError: pdfError('UnknownErrorException') });
    renderViewer();
    expect(await screen.findByRole('alert')).toHaveTextContent('the file may be damaged');
  });

  it('lets go of the document when the viewer closes', async () => {
    const pdfs = stubPdfDocuments({ pages: 1 });
    const { rerender } = renderViewer();
    await screen.findByText('Page 1 of 1');
    rerender(
      <MaterialViewer
        opened={false}
        onClose={() => {}}
        onDownload={() => {}}
        material={pdf}
        url={signed('1712-unit-1.pdf')}
      />,
    );
    await waitFor(() => expect(pdfs.closed).toBe(1));
  });

  it('speaks Spanish', async () => {
    stubPdfDocuments({ pages: 2 });
    renderViewer({}, 'es');
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Página \d de 2$/ })).toHaveLength(2);
    for (const name of ['Página anterior', 'Página siguiente', 'Alejar', 'Acercar']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('translates why a PDF cannot be shown', async () => {
    stubPdfDocuments({ error: pdfError('PasswordException') });
    renderViewer({}, 'es');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este PDF está protegido con contraseña, así que no se puede mostrar aquí. Descárgalo y ábrelo con su contraseña.',
    );
  });
});

describe('MaterialViewer links', () => {
  const link: ViewerMaterial = {
    ...pdf,
    title: 'RAE dictionary',
    type: 'link',
    fileName: null,
    size: null,
  };

  it('embeds an http(s) link in a sandbox that runs nothing and offers Open Link instead of Download', () => {
    renderViewer({ material: link, url: 'https://dle.rae.es/' });
    const frame = screen.getByTitle('Preview of RAE dictionary');
    expect(frame).toHaveAttribute('src', 'https://dle.rae.es/');
    // No scripts, forms, pop-ups or navigation of the portal: a page a teacher links to cannot
    // ask a student to "sign in again" inside the portal.
    expect(frame).toHaveAttribute('sandbox', '');
    const open = screen.getByRole('link', { name: 'Open Link' });
    expect(open).toHaveAttribute('href', 'https://dle.rae.es/');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('shows any other link as an external link with an open button', () => {
    renderViewer({ material: link, url: 'www.bbc.co.uk/learningenglish' });
    expect(screen.queryByTitle('Preview of RAE dictionary')).not.toBeInTheDocument();
    expect(screen.getByText('This link opens outside the portal:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'www.bbc.co.uk/learningenglish' })).toHaveAttribute(
      'href',
      'https://www.bbc.co.uk/learningenglish',
    );
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      'https://www.bbc.co.uk/learningenglish',
    );
    expect(screen.getByRole('link', { name: 'Open Link' })).toHaveAttribute(
      'href',
      'https://www.bbc.co.uk/learningenglish',
    );
  });

  it('never turns a script address into a link', () => {
    renderViewer({ material: link, url: 'javascript:alert(document.cookie)' });
    expect(screen.getByText('This link cannot be opened from the portal.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Link' })).toBeDisabled();
  });

  it("says 'Abrir enlace' in Spanish", () => {
    renderViewer({ material: link, url: 'https://dle.rae.es/' }, 'es');
    expect(screen.getByRole('link', { name: 'Abrir enlace' })).toBeInTheDocument();
  });
});

describe('MaterialViewer actions and states', () => {
  it('downloads through the callback and closes with Close, the × and Escape', async () => {
    const { user, onDownload, onClose } = renderViewer();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    const closes = screen.getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2);
    for (const close of closes) await user.click(close);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('shows a loading status while the URL is resolved, with Download disabled', () => {
    renderViewer({ url: null, loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading preview…');
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.queryByTitle(/Preview of/)).not.toBeInTheDocument();
  });

  it('shows the error with Close only', async () => {
    const { user, onClose } = renderViewer({ url: null, error: 'Object not found' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This material could not be opened.');
    expect(alert).toHaveTextContent('Object not found');
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.queryByTitle(/Preview of/)).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Close' })[1] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when there is no address to show', () => {
    renderViewer({ url: null });
    expect(screen.getByText('This material has no address to show.')).toBeInTheDocument();
  });

  it('renders nothing when closed, and an empty dialog without a material', () => {
    const { unmount } = renderViewer({ opened: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <MaterialViewer opened onClose={() => {}} onDownload={() => {}} material={null} url={null} />,
    );
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('has a full-screen variant', () => {
    renderViewer({ fullScreen: true });
    const content = document.querySelector('.mantine-Modal-content');
    expect(content).toHaveAttribute('data-full-screen', 'true');
  });

  it('is a normal dialog otherwise', () => {
    renderViewer();
    const content = document.querySelector('.mantine-Modal-content');
    expect(content).not.toHaveAttribute('data-full-screen');
  });

  it('goes full screen on phones', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      mediaQueryList(query, query === '(max-width: 36em)'),
    );
    renderViewer();
    expect(document.querySelector('.mantine-Modal-content')).toHaveAttribute(
      'data-full-screen',
      'true',
    );
  });
});
