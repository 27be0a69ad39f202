import { afterEach, describe, expect, it, vi } from 'vitest';
import { initDataClient, resetDataClientForTests, getClient } from '../client';
import { uploadObjectWithProgress } from './storage';

/** An XMLHttpRequest that records what is sent and answers 200 after reporting half the upload. */
class RecordingRequest {
  static last: RecordingRequest | null = null;
  headers: Record<string, string> = {};
  method = '';
  url = '';
  status = 0;
  responseText = '{}';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    RecordingRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
    this.status = 200;
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetDataClientForTests();
});

describe('uploadObjectWithProgress', () => {
  it('sends the project key with the file, as the gateway requires, and reports progress', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await initDataClient({
      supabaseUrl: 'http://127.0.0.1:54321',
      supabaseAnonKey: 'anon-key',
      apiProvider: 'supabase',
      remotes: { student: '/s.json', teacher: '/t.json', admin: '/a.json' },
    });
    const signedUrl = 'http://127.0.0.1:54321/storage/v1/object/upload/sign/materials/a.pdf?token=t';
    vi.spyOn(getClient().storage, 'from').mockReturnValue({
      createSignedUploadUrl: async () => ({
        data: { signedUrl, token: 't', path: 'a.pdf' },
        error: null,
      }),
    } as never);
    vi.stubGlobal('XMLHttpRequest', RecordingRequest);
    const progress: number[] = [];

    const result = await uploadObjectWithProgress(
      'materials',
      'a.pdf',
      new Blob(['%PDF'], { type: 'application/pdf' }),
      (fraction) => progress.push(fraction),
    );

    expect(result).toEqual({ error: null });
    expect(RecordingRequest.last).toMatchObject({ method: 'PUT', url: signedUrl });
    expect(RecordingRequest.last?.headers).toMatchObject({ apikey: 'anon-key', 'x-upsert': 'false' });
    expect(progress).toEqual([0, 0.5, 1]);
  });
});
