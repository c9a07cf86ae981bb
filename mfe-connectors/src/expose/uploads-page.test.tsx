import { testTime } from '@trove/kit/testing/time';
// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UploadedDocument } from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import UploadsPage from './uploads-page';

const doc = (over: Partial<UploadedDocument>): UploadedDocument => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'contract.pdf',
  title: null,
  type: 'pdf',
  media_type: 'application/pdf',
  size_bytes: 2048,
  parts: 2,
  status: 'indexed',
  failure_reason: null,
  document_date: null,
  created_at: new Date().toISOString(),
  ...over,
});

/** A scripted XMLHttpRequest: the test decides when each upload progresses and how it is answered. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {}
  fileName(): string {
    return (this.body?.get('file') as File | null)?.name ?? '';
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let listed: UploadedDocument[] = [];
/** Whether the stub says the user has connected a source (issue 21). */
let hasSources = false;
/** Every list request asked, as its query string. */
let listRequests: URLSearchParams[] = [];
/** While set, "Show more" requests (those with a cursor) answer this instead. */
let failMore: Response | null = null;

/** The service's paging over `listed`: the cursor here is the offset of the next page. */
function listAnswer(params: URLSearchParams): Response {
  listRequests.push(params);
  const cursor = params.get('cursor');
  if (cursor !== null && failMore !== null) return failMore;
  const from = cursor === null ? 0 : Number(cursor);
  const limit = Number(params.get('limit') ?? 50);
  const to = from + limit;
  return Response.json({
    documents: listed.slice(from, to),
    next_cursor: to < listed.length ? String(to) : null,
    total: listed.length,
    has_sources: hasSources,
  });
}
/** The DELETE waits for the test to answer it, so the optimistic state can be looked at. */
let answerDelete: (response: Response) => void = () => {};

beforeEach(() => {
  FakeUpload.sent = [];
  listed = [];
  hasSources = false;
  listRequests = [];
  failMore = null;
  vi.stubGlobal('__TROVE_BUILD_LABEL__', 'test');
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/v1/uploads/') && init?.method === 'DELETE')
        return new Promise<Response>((resolve) => {
          answerDelete = resolve;
        });
      if (url === '/api/v1/uploads' || url.startsWith('/api/v1/uploads?'))
        return listAnswer(new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length)));
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <KitProviders config={{ name: 'Trove', shortName: 'T', tagline: 'Find anything.' }}>
      <MemoryRouter initialEntries={['/uploads']}>
        <UploadsPage />
      </MemoryRouter>
    </KitProviders>,
  );
}

const file = (name: string, text = 'hello', type = '') => new File([text], name, { type });

describe('the Uploads page', () => {
  it('explains what uploads are for when there are none', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'No files yet' });
    expect(screen.getByRole('link', { name: 'Browse connections' }).getAttribute('href')).toBe(
      '/connections',
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('with no upload but a connected source, it leads to Search, a page of its own (issues 21 and 38)', async () => {
    hasSources = true;
    renderPage();
    await screen.findByRole('heading', { name: 'No files yet' });
    const link = await screen.findByRole('link', { name: 'open Search' });
    expect(link.getAttribute('href')).toBe('/search');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('a refused file is named at once; the others are sent one a request with a bar each', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'No files yet' });
    fireEvent.change(screen.getByLabelText('Choose files to upload'), {
      target: { files: [file('setup.exe'), file('notes.md'), file('mail.eml')] },
    });
    const batch = screen.getByRole('region', { name: 'This upload' });
    within(batch).getByText(
      'Not a type Trove can index: PDF, documents (DOCX, ODT, RTF), spreadsheets (XLSX, XLS, ODS, CSV), slides (PPTX, ODP), TXT, Markdown, HTML, EML, images (PNG, JPEG, TIFF, WebP, HEIC), archives (ZIP, TAR.GZ), source code, JSON or ICS.',
    );
    await waitFor(() =>
      expect(FakeUpload.sent.map((request) => request.fileName())).toEqual(['notes.md', 'mail.eml']),
    );
    // Issue 38: the refused file is not "done" — it is counted apart from those that went in.
    expect(within(batch).getByTestId('batch-count').textContent).toBe('0 of 2 done · 1 refused');

    const notes = FakeUpload.sent[0] as FakeUpload;
    act(() => notes.progress(50, 200));
    const bar = within(batch).getByRole('progressbar', { name: /^notes\.md: Uploading · 25%/ });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');

    const queued = doc({
      id: '00000000-0000-4000-8000-000000000002',
      name: 'notes.md',
      type: 'md',
      status: 'queued',
      parts: null,
    });
    act(() => notes.answer(202, { documents: [queued] }));
    await within(batch).findByText('Uploaded · queued for indexing');
    const row = screen.getAllByTestId('upload-row')[0] as HTMLElement;
    within(row).getByText('Queued');

    // The other file is refused by the service: its reason shows, and it can be tried again.
    act(() => (FakeUpload.sent[1] as FakeUpload).answer(413, { error: '"mail.eml" is larger than 25 MB.' }));
    await within(batch).findByText('Not uploaded: "mail.eml" is larger than 25 MB.');
    within(batch).getByRole('button', { name: 'Try again' });
  });

  it('files dropped on the zone go the same way as picked ones, with the CSRF header', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the kit copies this cookie into X-CSRF-TOKEN.
    document.cookie = 'csrf_access_token=from-cookie';
    renderPage();
    await screen.findByRole('heading', { name: 'No files yet' });
    const zone = screen.getByRole('region', { name: 'Add files' });
    const dataTransfer = { types: ['Files'], files: [file('report.csv', 'a,b\n1,2')], dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    screen.getByText('Drop to upload');
    fireEvent.drop(zone, { dataTransfer });
    await waitFor(() => expect(FakeUpload.sent.map((request) => request.fileName())).toEqual(['report.csv']));
    expect(FakeUpload.sent[0]?.headers['X-CSRF-TOKEN']).toBe('from-cookie');
    // biome-ignore lint/suspicious/noDocumentCookie: cleared for the next test.
    document.cookie = 'csrf_access_token=; max-age=0';
  });

  it('delete asks first, removes the row at once, and puts it back if the service says no', async () => {
    listed = [doc({})];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete contract.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this upload?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('upload-row')).toBeNull());
    act(() =>
      answerDelete(
        Response.json({ error: 'The database is not answering', code: 'unavailable' }, { status: 503 }),
      ),
    );
    await screen.findByText('The database is not answering');
    expect(screen.getAllByTestId('upload-row')).toHaveLength(1);
  });

  // 120 rows drawn three times in jsdom: ~1.5 s on a quiet machine, past the default 5 s on a loaded one.
  describe('paging (ADR 013 "Paging")', { timeout: testTime(30_000) }, () => {
    /** `count` documents, newest first, the first `queued` of them still being indexed. */
    const many = (count: number, queued = 0) =>
      Array.from({ length: count }, (_, index) =>
        doc({
          id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
          name: `file-${index + 1}.txt`,
          type: 'txt',
          status: index < queued ? 'queued' : 'indexed',
        }),
      );

    it('shows the first 50 with the count line; "Show more" appends the next page and takes the focus there', async () => {
      listed = many(120);
      renderPage();
      await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(50));
      expect(screen.getByTestId('uploads-count').textContent).toBe('Showing 50 of 120');
      expect(listRequests[0]?.has('cursor')).toBe(false);

      const more = screen.getByRole('button', { name: 'Show more' });
      fireEvent.click(more);
      await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(100));
      expect(listRequests.at(-1)?.get('cursor')).toBe('50');
      expect(screen.getByTestId('uploads-count').textContent).toBe('Showing 100 of 120');
      // Keyboard and screen reader users go on where the new rows start.
      await waitFor(() => expect(document.activeElement?.textContent).toContain('file-51.txt'));
      expect(screen.getByTestId('uploads-announcer').textContent).toBe('Showing 100 of 120.');
      const names = screen
        .getAllByTestId('upload-row')
        .map((row) => within(row).getAllByText(/^file-/)[0]?.textContent);
      expect(names.slice(48, 52)).toEqual(['file-49.txt', 'file-50.txt', 'file-51.txt', 'file-52.txt']);

      fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(120));
      expect(screen.getByTestId('uploads-count').textContent).toBe('120 documents');
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    });

    it('a page that fails to load says why and "Show more" stays to try again', async () => {
      listed = many(60);
      failMore = Response.json(
        { error: 'This list of your uploads is out of date; reload the page.', code: 'invalid_request' },
        { status: 400 },
      );
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
      await screen.findByText('This list of your uploads is out of date; reload the page.');
      expect(screen.getAllByTestId('upload-row')).toHaveLength(50);
      failMore = null;
      fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(60));
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('a refresh re-reads the first page only and keeps the pages loaded with "Show more"', async () => {
      listed = many(70, 1);
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(70));
      const asked = listRequests.length;

      // The first document finishes and a new one arrives; coming back to the tab refreshes at once.
      listed = [doc({ id: '00000000-0000-4000-8000-000000000999', name: 'new.txt', type: 'txt' }), ...listed];
      listed[1] = { ...(listed[1] as UploadedDocument), status: 'indexed' };
      let hidden = true;
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      hidden = false;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));

      await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(71));
      expect(listRequests.slice(asked).every((params) => !params.has('cursor'))).toBe(true);
      const rows = screen.getAllByTestId('upload-row');
      within(rows[0] as HTMLElement).getByText('new.txt');
      within(rows[1] as HTMLElement).getByText('Indexed');
      within(rows[70] as HTMLElement).getByText('file-70.txt');
      expect(screen.getByTestId('uploads-count').textContent).toBe('71 documents');
      Reflect.deleteProperty(document, 'hidden');
    });
  });
});
