import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { setSessionExpiredHandler } from '../session/session-end';
import { signInForTest } from '../../app/testing';
import { uploadFile } from './upload';

interface Sent {
  url: string;
  auth: string | null;
}

/** A stand-in for XMLHttpRequest: each send is answered by `respond` after reporting progress. */
function fakeXhr(respond: (sent: Sent) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      const request = { url: new URL(this.url).pathname, auth: this.headers.Authorization ?? null };
      sent.push(request);
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
        const { status, body } = respond(request);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadFile', () => {
  it('sends the bearer token, reports progress and unwraps the envelope', async () => {
    signInForTest();
    const sent = fakeXhr(() => ({ status: 200, body: { version: 'v1', status: 200, data: { fileName: 'x' } } }));
    const progress: number[] = [];
    const result = await uploadFile(createAppStore(), '/user/profile-picture', new FormData(), {
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ fileName: 'x' });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toEqual([{ url: '/v1/user/profile-picture', auth: 'Bearer access-token' }]);
  });

  it('posts to an absolute URL of another API (/ai/v1) and takes its unenveloped answer', async () => {
    signInForTest();
    const sent = fakeXhr(() => ({ status: 200, body: { document_id: 'd1', text_status: 'EXTRACTED' } }));
    const url = `${window.location.origin}/ai/v1/sessions/s/documents`;
    const result = await uploadFile(createAppStore(), url, new FormData());
    expect(result).toEqual({ document_id: 'd1', text_status: 'EXTRACTED' });
    expect(sent).toEqual([{ url: '/ai/v1/sessions/s/documents', auth: 'Bearer access-token' }]);
  });

  it('maps a refusal to the docs/product.md §8 error with the server message', async () => {
    signInForTest();
    fakeXhr(() => ({
      status: 413,
      body: { version: 'v1', status: 413, error: { code: 413, message: 'Request body is too large' } },
    }));
    await expect(uploadFile(createAppStore(), '/user/profile-picture', new FormData())).rejects.toEqual({
      status: 413,
      message: 'Request failed with status 413',
      serverMessage: 'Request body is too large',
    });
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    signInForTest();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              version: 'v1',
              status: 200,
              data: {
                token: 'fresh',
                refreshToken: 'r2',
                role: 'USER',
                email: 'a@b.c',
                firstName: 'A',
                lastName: 'B',
                emailVerified: true,
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const sent = fakeXhr(({ auth }) =>
      auth === 'Bearer fresh'
        ? { status: 200, body: { version: 'v1', status: 200, data: 'ok' } }
        : { status: 401, body: null },
    );
    const store = createAppStore();
    await expect(uploadFile(store, '/user/profile-picture', new FormData())).resolves.toBe('ok');
    expect(sent.map((s) => s.auth)).toEqual(['Bearer access-token', 'Bearer fresh']);
    expect(store.getState().session.token).toBe('fresh');
  });

  it('ends the session when the refresh is refused', async () => {
    signInForTest();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    fakeXhr(() => ({ status: 401, body: null }));
    const store = createAppStore();
    await expect(uploadFile(store, '/user/profile-picture', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(store.getState().session.token).toBeNull();
    expect(expired).toHaveBeenCalled();
  });
});
