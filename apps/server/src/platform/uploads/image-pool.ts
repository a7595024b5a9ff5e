import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { domainErrors } from '../errors/domain-error';
import type { SanitisedImage } from './image-sanitiser';
import { refuse, type RefusedUpload } from './upload-result';

/** A re-encoded image, or the PDF's bytes to keep (`screenPdf`), or why the file is refused. */
type Outcome = SanitisedImage | { ok: true; bytes: Buffer } | RefusedUpload;
type JobKind = 'jpeg' | 'png' | 'pdf';

interface Job {
  id: number;
  bytes: Buffer;
  kind: JobKind;
  resolve(outcome: Outcome): void;
  reject(error: Error): void;
}

export interface UploadPoolOptions {
  /** Files worked on at once (one worker thread each). */
  size?: number;
  /** Files waiting for a worker; past it a new one is refused with serviceUnavailable. */
  maxWaiting?: number;
  /** A file still in work after this long is refused, and its worker replaced. */
  timeoutMs?: Partial<Record<JobKind, number>>;
}

/** A 12 MP JPEG takes about 5 s on a loaded core; a 5 MB PDF is screened in at most about 3 s (a worker's start counts too). */
const defaultTimeoutMs: Record<JobKind, number> = { jpeg: 30_000, png: 30_000, pdf: 10_000 };

const poolError = domainErrors(['serviceUnavailable'] as const);

/**
 * Decoding and re-encoding an image takes seconds of CPU in pure JavaScript (a 12 MP JPEG about
 * 5 s), and screening a hostile PDF could take long too: both run in worker threads, never on the
 * event loop that serves every other request. At most `size` files are worked on at once per
 * process and `maxWaiting` wait their turn (more answer serviceUnavailable); one that runs past
 * its time limit is refused and its worker terminated. Workers start on first use, do not keep
 * the process alive, and one that dies is replaced.
 */
export function createImagePool(
  size = Math.max(1, Math.min(2, availableParallelism() - 1)),
  options: Omit<UploadPoolOptions, 'size'> = {},
) {
  const maxWaiting = options.maxWaiting ?? 64;
  const timeoutMs = { ...defaultTimeoutMs, ...options.timeoutMs };
  const idle: Worker[] = [];
  const busy = new Map<Worker, { job: Job; timer: NodeJS.Timeout }>();
  const waiting: Job[] = [];
  let workers = 0;
  let nextId = 1;

  /** The worker's job, taken off it (its time limit cleared). */
  function release(worker: Worker): Job | undefined {
    const work = busy.get(worker);
    busy.delete(worker);
    if (work) clearTimeout(work.timer);
    return work?.job;
  }

  function start(): Worker {
    const worker = new Worker(new URL('./image-worker-entry.mjs', import.meta.url));
    worker.unref();
    workers += 1;
    worker.on('message', (message: { id: number; result?: Outcome & { bytes?: Uint8Array }; failure?: string }) => {
      const job = release(worker);
      // No job: it ran out of time and this worker is being terminated.
      if (!job) return;
      if (message.failure !== undefined || !message.result) job.reject(new Error(`upload worker: ${message.failure ?? 'no result'}`));
      else job.resolve(message.result.ok ? { ...message.result, bytes: Buffer.from(message.result.bytes) } : message.result);
      // Idle, a worker does not keep the process alive; working, it does (its answer is awaited).
      worker.unref();
      idle.push(worker);
      drain();
    });
    let isLost = false;
    const lost = (error: Error) => {
      if (isLost) return;
      isLost = true;
      const job = release(worker);
      workers -= 1;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      job?.reject(error);
      drain();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`upload worker exited with ${code}`)));
    return worker;
  }

  /** Refuses the file that ran too long and ends its worker (a new one starts for the next file). */
  function expire(worker: Worker, job: Job): void {
    if (busy.get(worker)?.job !== job) return;
    release(worker);
    job.resolve(refuse('undecodable', `${job.kind} took over ${timeoutMs[job.kind]} ms to check`));
    void worker.terminate();
  }

  function drain(): void {
    while (waiting.length > 0) {
      const worker = idle.pop() ?? (workers < size ? start() : null);
      if (!worker) return;
      const job = waiting.shift()!;
      busy.set(worker, { job, timer: setTimeout(() => expire(worker, job), timeoutMs[job.kind]) });
      worker.ref();
      const bytes = new Uint8Array(job.bytes);
      worker.postMessage({ id: job.id, bytes, kind: job.kind }, [bytes.buffer]);
    }
  }

  function run(bytes: Buffer, kind: JobKind): Promise<Outcome> {
    if (waiting.length >= maxWaiting) return Promise.reject(poolError('serviceUnavailable'));
    return new Promise<Outcome>((resolve, reject) => {
      waiting.push({ id: nextId++, bytes, kind, resolve, reject });
      drain();
    });
  }

  return {
    /** `sanitiseImage` in a worker thread. */
    sanitise: (bytes: Buffer, kind: 'jpeg' | 'png') => run(bytes, kind) as Promise<SanitisedImage | RefusedUpload>,
    /** `screenPdf` in a worker thread. */
    screenPdf: (bytes: Buffer) => run(bytes, 'pdf') as Promise<{ ok: true; bytes: Buffer } | RefusedUpload>,
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
