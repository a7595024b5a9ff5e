import { sandboxHeaders, signSandboxWebhook } from './sandbox-protocol';
import { unixSeconds } from './signing';

export interface SandboxDelivery {
  url: string;
  deliveryId: string;
  /** The exact bytes every attempt sends; only the timestamp and signature change. */
  body: string;
}

export interface DeliveryAttempt {
  delivered: boolean;
  status?: number;
}

interface DeliveryLog {
  info(facts: Record<string, unknown>, message: string): void;
  warn(facts: Record<string, unknown>, message: string): void;
}

export interface SandboxWebhookSenderOptions {
  secret: string;
  log: DeliveryLog;
  /** Pauses before each retry after a failed attempt (non-2xx or unreachable). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  clock?: () => Date;
}

export interface SandboxWebhookSender {
  /** One signed attempt, awaited. */
  deliverOnce(delivery: SandboxDelivery): Promise<DeliveryAttempt>;
  /** Attempts until a 2xx or the retries run out, in the background. */
  deliverInBackground(delivery: SandboxDelivery): void;
  /** Resolves when every background delivery under way has finished. */
  settled(): Promise<void>;
  /** Stops waiting retries (the app is closing); attempts under way are cut short. */
  close(): void;
}

export function createSandboxWebhookSender(options: SandboxWebhookSenderOptions): SandboxWebhookSender {
  const fetchImpl = options.fetchImpl ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const retryDelaysMs = options.retryDelaysMs ?? [1_000, 4_000, 16_000];
  const closing = new AbortController();
  const inFlight = new Set<Promise<void>>();

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        closing.signal.removeEventListener('abort', finish);
        resolve();
      }
      closing.signal.addEventListener('abort', finish, { once: true });
    });
  }

  async function deliverOnce(delivery: SandboxDelivery): Promise<DeliveryAttempt> {
    const timestamp = String(unixSeconds(clock()));
    try {
      const response = await fetchImpl(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [sandboxHeaders.timestamp]: timestamp,
          [sandboxHeaders.signature]: signSandboxWebhook(options.secret, timestamp, delivery.body),
          [sandboxHeaders.delivery]: delivery.deliveryId,
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? 5_000), closing.signal]),
      });
      await response.body?.cancel();
      return { delivered: response.status >= 200 && response.status < 300, status: response.status };
    } catch {
      return { delivered: false };
    }
  }

  async function deliverWithRetries(delivery: SandboxDelivery): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const result = await deliverOnce(delivery);
      const facts = { deliveryId: delivery.deliveryId, attempt: attempt + 1, status: result.status };
      if (result.delivered) return options.log.info(facts, 'kyc sandbox webhook delivered');
      const delay = retryDelaysMs[attempt];
      if (delay === undefined || closing.signal.aborted) return options.log.warn(facts, 'kyc sandbox webhook not delivered; giving up');
      options.log.warn(facts, 'kyc sandbox webhook not delivered; retrying');
      await pause(delay);
      if (closing.signal.aborted) return;
    }
  }

  return {
    deliverOnce,
    deliverInBackground(delivery) {
      const running = deliverWithRetries(delivery).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    close() {
      closing.abort();
    },
  };
}
