import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDb } from '../db/tables';
import { extractDocument } from '../extraction';
import { pdfWithPages } from '../extraction/test-fixtures';
import { indexFiles, type SearchTestService, startSearchTestService } from '../testing/search-service';

// Issue 39 items 5 and 6 (docs/decisions/121): an archive's entries and a message's attachments become documents
// of their own through the real extractor and the worker, found by their words, named as the person sees them,
// and removed with what they came in.

let service: SearchTestService;

beforeAll(async () => {
  service = await startSearchTestService({ maxFiles: 10 });
});

afterAll(async () => {
  await service?.close();
});

async function zipOf(entries: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(entries)) zip.file(name, content);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const documentsOf = (userId: string) =>
  searchDb(service.db)
    .selectFrom('documents')
    .select(['id', 'name', 'title', 'kind', 'status', 'parent_id', 'depth', 'notes', 'failure_reason'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();

async function search(user: Parameters<SearchTestService['request']>[0], query: string) {
  const res = await service.request(user, `/api/v1/search?q=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return (
    (await res.json()) as { results: { document: { name: string; title: string | null; type: string } }[] }
  ).results;
}

describe('documents inside documents', () => {
  it("a ZIP's entries are documents named 'archive.zip › path', found by their words, removed with it", async () => {
    const user = await service.signUp();
    const inner = await zipOf({ 'deeper.txt': 'The quince inventory is in aisle nine.' });
    const zip = new JSZip();
    zip.file('notes/intro.md', '# Handover\n\nThe kumquat ledger lives in the shared drive.');
    zip.file('inner.zip', inner);
    const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const [archiveId] = await indexFiles(
      service,
      user,
      [{ name: 'handover.zip', type: 'application/zip', text: bytes }],
      extractDocument,
    );
    const documents = await documentsOf(user.userId);
    expect(documents.map((d) => [d.name, d.kind, d.status, d.depth])).toEqual([
      ['handover.zip', 'zip', 'indexed', 0],
      ['handover.zip › inner.zip', 'zip', 'indexed', 1],
      ['handover.zip › inner.zip › deeper.txt', 'txt', 'indexed', 2],
      ['handover.zip › notes/intro.md', 'md', 'indexed', 1],
    ]);
    expect((await search(user, 'kumquat ledger')).map((r) => r.document.name)).toEqual([
      'handover.zip › notes/intro.md',
    ]);
    expect((await search(user, 'quince inventory')).map((r) => r.document.name)).toEqual([
      'handover.zip › inner.zip › deeper.txt',
    ]);
    // The upload quota counts what was uploaded, not what it opens to.
    const del = await service.request(user, `/api/v1/uploads/${archiveId}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await documentsOf(user.userId)).toEqual([]);
    expect(await search(user, 'kumquat')).toEqual([]);
  });

  it("a mail's attachment is a document 'name — in: subject', found by has:attachment and type:", async () => {
    const user = await service.signUp();
    const csv = Buffer.from('item,amount\nPersimmon crates,₹12,000\n').toString('base64');
    const eml = [
      'From: Priya <priya@acme.test>',
      'To: ravi@globex.test',
      'Subject: March figures',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See the attached sheet.',
      '--b',
      'Content-Type: text/csv; name="lines.csv"',
      'Content-Disposition: attachment; filename="lines.csv"',
      'Content-Transfer-Encoding: base64',
      '',
      csv,
      '--b--',
    ].join('\r\n');
    await indexFiles(service, user, [{ name: 'march.eml', text: eml }], extractDocument);
    const documents = await documentsOf(user.userId);
    expect(documents.map((d) => [d.name, d.title, d.kind, d.status])).toEqual([
      ['lines.csv', 'lines.csv — in: March figures', 'csv', 'indexed'],
      ['march.eml', 'March figures', 'eml', 'indexed'],
    ]);
    const found = await search(user, 'persimmon crates');
    expect(found.map((r) => [r.document.title, r.document.type])).toEqual([
      ['lines.csv — in: March figures', 'csv'],
    ]);
    expect((await search(user, 'persimmon has:attachment type:csv')).length).toBe(1);
    expect((await search(user, 'attached sheet has:attachment')).map((r) => r.document.name)).toEqual([
      'march.eml',
    ]);
  });

  it('a file whose name lies is read as what it is, its kind corrected and a note on it', async () => {
    const user = await service.signUp();
    await indexFiles(
      service,
      user,
      [
        {
          name: 'contract.docx',
          type: 'application/octet-stream',
          text: pdfWithPages([['Medlar supply contract']]),
        },
      ],
      extractDocument,
    );
    const [document] = await documentsOf(user.userId);
    expect(document).toMatchObject({
      kind: 'pdf',
      status: 'indexed',
      notes: ['Its name says it is a Word document (DOCX), but it is a PDF; it was read as one.'],
    });
    const res = await service.request(user, '/api/v1/uploads');
    const listed = (await res.json()) as { documents: { notes: string[]; type: string }[] };
    expect(listed.documents[0]).toMatchObject({
      type: 'pdf',
      notes: [expect.stringContaining('it is a PDF')],
    });
    expect((await search(user, 'medlar type:pdf')).length).toBe(1);
  });
});
