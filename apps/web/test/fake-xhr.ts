import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

/**
 * Test-only: an XMLHttpRequest that hands the request to `fetch` (so the envelope stubs of
 * `test/envelope-stub.ts` answer it, and their spy records it) and reports the upload's
 * progress in `steps` equal parts before the answer. With `pauseAfterStep`, each upload waits
 * after that step until `resume()`. Returns the requests sent and `resume`.
 */
export function stubXhrThroughFetch({ steps = 2, pauseAfterStep }: { steps?: number; pauseAfterStep?: number } = {}) {
  const sent: FakeXhr[] = [];
  let release: () => void = () => undefined;
  let paused = new Promise<void>((resolve) => (release = resolve));

  class FakeXhr {
    method = 'GET';
    url = '';
    headers: Record<string, string> = {};
    withCredentials = false;
    timeout = 0;
    status = 0;
    responseText = '';
    onload: Handler = null;
    onerror: Handler = null;
    ontimeout: Handler = null;
    onabort: Handler = null;
    upload: { onprogress: Handler } = { onprogress: null };
    private controller = new AbortController();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.controller.abort();
      this.onabort?.(new ProgressEvent('abort'));
    }

    send(body: Blob) {
      sent.push(this);
      void (async () => {
        for (let step = 1; step <= steps; step += 1) {
          await Promise.resolve();
          if (this.controller.signal.aborted) return;
          const loaded = Math.round((body.size * step) / steps);
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total: body.size }));
          if (step === pauseAfterStep) await paused;
        }
        try {
          const response = await fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal });
          if (this.controller.signal.aborted) return;
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.(new ProgressEvent('load'));
        } catch {
          if (!this.controller.signal.aborted) this.onerror?.(new ProgressEvent('error'));
        }
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    sent,
    resume: () => {
      release();
      paused = new Promise<void>((resolve) => (release = resolve));
    },
  };
}
