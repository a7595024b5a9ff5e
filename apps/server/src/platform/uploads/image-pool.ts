import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SanitisedImage } from './image-sanitiser';
import type { RefusedUpload } from './upload-result';

type Outcome = SanitisedImage | RefusedUpload;

interface Job {
  id: number;
  bytes: Buffer;
  kind: 'jpeg' | 'png';
  resolve(outcome: Outcome): void;
  reject(error: Error): void;
}

/**
 * Decoding and re-encoding an image takes seconds of CPU in pure JavaScript (a 12 MP JPEG about
 * 5 s): it runs in worker threads, never on the event loop that serves every other request.
 * At most `size` images are worked on at once per process; the rest wait their turn. Workers
 * start on first use, do not keep the process alive, and one that dies is replaced.
 */
export function createImagePool(size = Math.max(1, Math.min(2, availableParallelism() - 1))) {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const waiting: Job[] = [];
  let workers = 0;
  let nextId = 1;

  function start(): Worker {
    const worker = new Worker(new URL('./image-worker-entry.mjs', import.meta.url));
    worker.unref();
    workers += 1;
    worker.on('message', (message: { id: number; result?: Outcome & { bytes?: Uint8Array }; failure?: string }) => {
      const job = busy.get(worker);
      busy.delete(worker);
      if (job) {
        if (message.failure !== undefined || !message.result) job.reject(new Error(`image worker: ${message.failure ?? 'no result'}`));
        else job.resolve(message.result.ok ? { ...message.result, bytes: Buffer.from(message.result.bytes) } : message.result);
      }
      // Idle, a worker does not keep the process alive; working, it does (its answer is awaited).
      worker.unref();
      idle.push(worker);
      drain();
    });
    const lost = (error: Error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      workers -= 1;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      job?.reject(error);
      drain();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (busy.has(worker) || idle.includes(worker)) lost(new Error(`image worker exited with ${code}`));
    });
    return worker;
  }

  function drain(): void {
    while (waiting.length > 0) {
      const worker = idle.pop() ?? (workers < size ? start() : null);
      if (!worker) return;
      const job = waiting.shift()!;
      busy.set(worker, job);
      worker.ref();
      const bytes = new Uint8Array(job.bytes);
      worker.postMessage({ id: job.id, bytes, kind: job.kind }, [bytes.buffer]);
    }
  }

  return {
    /** `sanitiseImage` in a worker thread. */
    sanitise(bytes: Buffer, kind: 'jpeg' | 'png'): Promise<Outcome> {
      return new Promise<Outcome>((resolve, reject) => {
        waiting.push({ id: nextId++, bytes, kind, resolve, reject });
        drain();
      });
    },
    async close(): Promise<void> {
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}

let shared: ReturnType<typeof createImagePool> | null = null;

/** The process's pool. */
export function imagePool(): ReturnType<typeof createImagePool> {
  shared ??= createImagePool();
  return shared;
}
