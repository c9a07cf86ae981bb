import { describe, expect, it } from 'vitest';
import { ApiError, createUploader, type UploadRequest } from './api-client';

/** A scripted XMLHttpRequest: records what was sent, answers when the test says so. */
class FakeRequest implements UploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  aborted = false;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: ((event: ProgressEvent) => void) | null = null;
  onerror: ((event: ProgressEvent) => void) | null = null;
  onabort: ((event: ProgressEvent) => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.({} as ProgressEvent);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body;
    this.onload?.({} as ProgressEvent);
  }
}

function uploaderWith(cookies = 'csrf_access_token=abc') {
  const requests: FakeRequest[] = [];
  const uploader = createUploader({
    createRequest: () => {
      const request = new FakeRequest();
      requests.push(request);
      return request;
    },
    readCookies: () => cookies,
  });
  return { uploader, requests };
}

describe('upload with progress (issue 10)', () => {
  it('POSTs the form with cookies and the CSRF header, and leaves the multipart Content-Type to the browser', async () => {
    const { uploader, requests } = uploaderWith();
    const form = new FormData();
    const done = uploader('/api/v1/uploads', form);
    const request = requests[0];
    if (!request) throw new Error('no request');
    expect([request.method, request.url, request.withCredentials]).toEqual(['POST', '/api/v1/uploads', true]);
    expect(request.headers['X-CSRF-TOKEN']).toBe('abc');
    expect(request.headers['Content-Type']).toBeUndefined();
    expect(request.sent).toBe(form);
    request.answer(202, '{"documents":[]}');
    await expect(done).resolves.toEqual({ documents: [] });
  });

  it('reports progress as the body goes out', async () => {
    const { uploader, requests } = uploaderWith();
    const seen: number[] = [];
    const done = uploader('/u', new FormData(), { onProgress: (p) => seen.push(p.loaded / p.total) });
    requests[0]?.progress(50, 200);
    requests[0]?.progress(200, 200);
    requests[0]?.answer(202, '{}');
    await done;
    expect(seen).toEqual([0.25, 1]);
  });

  it("a refused upload rejects with the server's message and status (the error envelope)", async () => {
    const { uploader, requests } = uploaderWith();
    const done = uploader('/u', new FormData());
    requests[0]?.answer(415, '{"error":"\\"a.exe\\" is not a type Trove can index","code":"unsupported"}');
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect((error as ApiError).message).toBe('"a.exe" is not a type Trove can index');
  });

  it('a network failure is an ApiError with status 0', async () => {
    const { uploader, requests } = uploaderWith();
    const done = uploader('/u', new FormData());
    requests[0]?.onerror?.({} as ProgressEvent);
    await expect(done).rejects.toMatchObject({ status: 0 });
  });

  it('an abort signal cancels the request', async () => {
    const { uploader, requests } = uploaderWith();
    const controller = new AbortController();
    const done = uploader('/u', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]?.aborted).toBe(true);
  });
});
