import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  materialsLibraryReadModel,
  materialsService,
  type ExtraMaterials,
  type Material,
  type Result,
} from '@portal/shared-data';
import { stubPdfDocuments } from '@portal/shared-ui/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test-support/render-screen';
import MaterialsScreen from './materials-screen';

// The query options call these objects from inside shared-data, so the test replaces their
// functions in place (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.materialsLibraryReadModel.listExtraMaterials = vi.fn();
  actual.materialsService.getSignedUrl = vi.fn();
  return actual;
});

const listExtraMaterials = vi.mocked(materialsLibraryReadModel.listExtraMaterials);
const getSignedUrl = vi.mocked(materialsService.getSignedUrl);

function aMaterial(overrides: Partial<Material> = {}): Material {
  return {
    id: 'material-1',
    title: 'Meeting phrases',
    type: 'pdf',
    url: '1731416400000-m3x9pa.pdf',
    storagePath: '1731416400000-m3x9pa.pdf',
    mimeType: 'application/pdf',
    fileSize: 1536,
    courseId: null,
    courseTitle: null,
    language: 'EN',
    skill: 'reading',
    uploadedBy: "James O'Connor",
    uploadedById: 'teacher-1',
    uploadedAt: '2025-10-18T10:00:00Z',
    ...overrides,
  };
}

const library = [
  aMaterial(),
  aMaterial({
    id: 'material-2',
    title: 'Conversation starters',
    type: 'document',
    url: '1731762000000-p4n7ws.md',
    storagePath: '1731762000000-p4n7ws.md',
    language: 'ES',
    skill: 'reading',
    uploadedBy: 'Lucía Martín',
  }),
  aMaterial({
    id: 'material-3',
    title: 'Intonation warm-up',
    type: 'audio',
    url: '1731589200000-h2r6ye.wav',
    storagePath: '1731589200000-h2r6ye.wav',
    language: 'EN',
    skill: 'listening',
  }),
  aMaterial({
    id: 'material-4',
    title: 'Diccionario RAE',
    type: 'link',
    url: 'https://dle.rae.es/',
    storagePath: null,
    fileSize: 0,
    language: 'ES',
    skill: 'grammar',
  }),
  aMaterial({
    id: 'material-5',
    title: 'Ser y estar (video)',
    type: 'video',
    language: 'ES',
    skill: 'grammar',
  }),
];

function answer(items: Material[], total = items.length): Result<ExtraMaterials> {
  return { success: true, data: { items, total } };
}

function stat(name: string) {
  return screen.getByRole('group', { name });
}

function cardOf(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  const card = heading.closest('article');
  if (!card) throw new Error(`no card for ${title}`);
  return within(card);
}

beforeEach(() => {
  vi.restoreAllMocks();
  listExtraMaterials.mockReset();
  getSignedUrl.mockReset();
});

describe('Extra Materials', () => {
  it('shows loading figures and a loader, then the stats and a card per material from one request', async () => {
    let resolve: (result: Result<ExtraMaterials>) => void = () => {};
    listExtraMaterials.mockReturnValue(new Promise((done) => (resolve = done)));

    renderScreen(<MaterialsScreen />);

    expect(screen.getByRole('heading', { level: 2, name: 'Extra Materials' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading materials…' })).toBeInTheDocument();
    expect(stat('Total Materials')).toHaveAttribute('aria-busy', 'true');

    resolve(answer(library));

    expect(await screen.findByRole('heading', { name: 'Meeting phrases' })).toBeInTheDocument();
    expect(stat('Total Materials')).toHaveAccessibleDescription('5');
    expect(stat('Documents')).toHaveAccessibleDescription('2');
    expect(stat('Videos')).toHaveAccessibleDescription('1');
    expect(stat('Audio Files')).toHaveAccessibleDescription('1');
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(listExtraMaterials).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('combobox', { name: /course/i })).not.toBeInTheDocument();
  });

  it('shows a card per material: type badge, size, uploader, date, language, skill, View and Download', async () => {
    listExtraMaterials.mockResolvedValue(answer(library));
    renderScreen(<MaterialsScreen />);

    const card = await screen
      .findByRole('heading', { name: 'Meeting phrases' })
      .then(() => cardOf('Meeting phrases'));
    expect(card.getByText('PDF')).toBeInTheDocument();
    expect(card.getByText('1.5 KB')).toBeInTheDocument();
    expect(card.getByText("James O'Connor")).toBeInTheDocument();
    expect(card.getByText('Oct 18, 2025')).toBeInTheDocument();
    expect(card.getByText('English')).toBeInTheDocument();
    expect(card.getByText('Reading')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'View Meeting phrases' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Download Meeting phrases' })).toBeInTheDocument();

    const link = cardOf('Diccionario RAE');
    expect(link.getByRole('link', { name: 'Open Diccionario RAE' })).toHaveAttribute(
      'href',
      'https://dle.rae.es/',
    );
    expect(link.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(link.queryByText('Size')).not.toBeInTheDocument();
  });

  it('filters by language, skill and a case-insensitive title search without new requests', async () => {
    listExtraMaterials.mockResolvedValue(answer(library));
    const { user } = renderScreen(<MaterialsScreen />);
    await screen.findByRole('heading', { name: 'Meeting phrases' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ES');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Skill' }), 'grammar');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Search materials' }), 'RAE');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Diccionario RAE' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search materials' }), 'zzz');
    expect(screen.getByText('No materials found.')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    // The stats describe the library, not the filtered view.
    expect(stat('Total Materials')).toHaveAccessibleDescription('5');
    expect(listExtraMaterials).toHaveBeenCalledTimes(1);
  });

  it("says 'No materials found.' when there are none", async () => {
    listExtraMaterials.mockResolvedValue(answer([]));
    renderScreen(<MaterialsScreen />);

    expect(await screen.findByText('No materials found.')).toBeInTheDocument();
    expect(stat('Total Materials')).toHaveAccessibleDescription('0');
  });

  it("shows 'Error loading materials:' with the message, and Try again loads again", async () => {
    listExtraMaterials.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_MATERIALS_ERROR', message: 'permission denied for view material_list' },
    });
    listExtraMaterials.mockResolvedValueOnce(answer(library));
    const { user } = renderScreen(<MaterialsScreen />);

    const banner = await screen.findByText('Error loading materials:');
    // What users read is translated by the error's code, never the provider's text.
    expect(banner.parentElement).toHaveTextContent(
      'Error loading materials: The data could not be loaded. Please try again.',
    );
    expect(banner.parentElement).not.toHaveTextContent('permission denied');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Meeting phrases' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading materials:')).not.toBeInTheDocument();
    expect(listExtraMaterials).toHaveBeenCalledTimes(2);
  });

  it('keeps the list and the typed search when a refresh fails', async () => {
    listExtraMaterials.mockResolvedValueOnce(answer(library));
    listExtraMaterials.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_MATERIALS_ERROR', message: 'offline' },
    });
    const { user } = renderScreen(<MaterialsScreen />);
    await screen.findByRole('heading', { name: 'Meeting phrases' });
    await user.type(screen.getByRole('searchbox', { name: 'Search materials' }), 'meeting');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Error loading materials:')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search materials' })).toHaveValue('meeting');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when only the newest materials are shown', async () => {
    listExtraMaterials.mockResolvedValue(answer(library, 612));
    renderScreen(<MaterialsScreen />);

    expect(await screen.findByText('Showing the newest 5 of 612 materials.')).toBeInTheDocument();
    expect(stat('Total Materials')).toHaveAccessibleDescription('612');
  });

  it('opens the viewer with a signed URL, and Download follows it without asking again', async () => {
    listExtraMaterials.mockResolvedValue(answer(library));
    getSignedUrl.mockResolvedValue({ success: true, data: 'http://api.test/sign/a.pdf?token=1' });
    const pdfs = stubPdfDocuments({ pages: 1 });
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      followed.push(this.href);
    });
    const { user } = renderScreen(<MaterialsScreen />);
    await screen.findByRole('heading', { name: 'Meeting phrases' });

    await user.click(screen.getByRole('button', { name: 'View Meeting phrases' }));

    const dialog = await screen.findByRole('dialog', { name: 'Meeting phrases' });
    expect(
      await within(dialog).findByRole('region', { name: 'Preview of Meeting phrases' }),
    ).toBeInTheDocument();
    expect(pdfs.opened).toEqual(['http://api.test/sign/a.pdf?token=1']);
    expect(getSignedUrl).toHaveBeenCalledWith(expect.objectContaining({ id: 'material-1' }));

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(new URL(followed[0] ?? '').searchParams.get('download')).toBe('Meeting phrases.pdf');
    // The link is still valid for most of an hour: the download reuses it.
    expect(getSignedUrl).toHaveBeenCalledTimes(1);

    const [closeButton] = within(dialog).getAllByRole('button', { name: 'Close' }).slice(-1);
    if (!closeButton) throw new Error('no Close button');
    await user.click(closeButton);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows why a material cannot be opened, and a failed download says so without leaving the page', async () => {
    listExtraMaterials.mockResolvedValue(answer(library));
    getSignedUrl.mockResolvedValue({
      success: false,
      error: { code: 'SIGNED_URL_ERROR', message: 'Object not found' },
    });
    const { user } = renderScreen(<MaterialsScreen />);
    await screen.findByRole('heading', { name: 'Meeting phrases' });

    await user.click(screen.getByRole('button', { name: 'Download Meeting phrases' }));
    expect(
      await screen.findByText(
        'The download could not start: The data could not be loaded. Please try again.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Meeting phrases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meeting phrases' });
    expect(
      await within(dialog).findByText('The data could not be loaded. Please try again.'),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Object not found');
  });

  it('speaks Spanish', async () => {
    listExtraMaterials.mockResolvedValue(answer(library));
    renderScreen(<MaterialsScreen />, { language: 'es' });

    expect(await screen.findByRole('button', { name: 'Ver Meeting phrases' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Materiales extra' })).toBeInTheDocument();
    expect(stat('Total de materiales')).toHaveAccessibleDescription('5');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();
  });

  it('names an uploader whose profile is gone in the student language', async () => {
    listExtraMaterials.mockResolvedValue(answer([aMaterial({ uploadedBy: null })]));
    renderScreen(<MaterialsScreen />, { language: 'es' });

    await screen.findByRole('heading', { name: 'Meeting phrases' });
    const card = cardOf('Meeting phrases');
    expect(card.getByText('Desconocido')).toBeInTheDocument();
    expect(card.queryByText('Unknown')).not.toBeInTheDocument();
  });
});

describe('Extra Materials: text previews', () => {
  it('shows a Markdown note decoded as UTF-8', async () => {
    listExtraMaterials.mockResolvedValue(answer(library));
    getSignedUrl.mockResolvedValue({
      success: true,
      data: 'http://api.test/sign/notes.md?token=1',
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new TextEncoder().encode('Una conversación en el café'), {
        headers: { 'content-type': 'text/markdown' },
      }),
    );
    const { user } = renderScreen(<MaterialsScreen />);
    await user.click(await screen.findByRole('button', { name: 'View Conversation starters' }));

    const dialog = await screen.findByRole('dialog', { name: 'Conversation starters' });
    // The Markdown renderer is a lazy chunk: its first import in a test run can take seconds.
    expect(
      await within(dialog).findByText('Una conversación en el café', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
