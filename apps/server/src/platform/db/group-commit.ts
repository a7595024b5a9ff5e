/** What one item of a batch came to: its result, its own error, or a retry on its own. */
export type BatchOutcome<Result> = { result: Result } | { error: unknown } | { alone: true };

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for independent writes: while `maxInFlight` calls are at the database, new
 * items wait and then leave together through `many` (one round trip, one commit). With
 * nothing in flight an item goes at once, alone, through `one`, so a quiet system waits for
 * nothing. `many` answers one outcome per item, in order; an item it answers `alone` is sent
 * again through `one`. A batch that fails whole is either sent again item by item, so one bad
 * item fails alone (`whenBatchFails: 'alone'`), or fails every item with its error
 * (`'reject'`, for batches whose items already fail one by one inside the call).
 */
export function groupCommit<Item, Result>(options: {
  maxInFlight: number;
  maxBatch: number;
  one: (item: Item) => Promise<Result>;
  many: (items: Item[]) => Promise<Array<BatchOutcome<Result>>>;
  whenBatchFails: 'alone' | 'reject';
}) {
  const waiting: Array<Waiting<Item, Result>> = [];
  let inFlight = 0;

  async function sendOne(entry: Waiting<Item, Result>): Promise<void> {
    try {
      entry.resolve(await options.one(entry.item));
    } catch (error) {
      entry.reject(error);
    }
  }

  async function sendMany(batch: Array<Waiting<Item, Result>>): Promise<void> {
    let outcomes: Array<BatchOutcome<Result>>;
    try {
      outcomes = await options.many(batch.map((entry) => entry.item));
    } catch (error) {
      if (options.whenBatchFails === 'alone') await Promise.all(batch.map(sendOne));
      else for (const entry of batch) entry.reject(error);
      return;
    }
    const again: Array<Waiting<Item, Result>> = [];
    batch.forEach((entry, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) entry.reject(new Error('a batch answered no outcome for an item'));
      else if ('result' in outcome) entry.resolve(outcome.result);
      else if ('error' in outcome) entry.reject(outcome.error);
      else again.push(entry);
    });
    if (again.length > 0) await Promise.all(again.map(sendOne));
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      inFlight += 1;
      const batch = waiting.splice(0, options.maxBatch);
      void (batch.length === 1 ? sendOne(batch[0]!) : sendMany(batch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (item: Item): Promise<Result> =>
    new Promise((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
}
