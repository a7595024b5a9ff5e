interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for independent writes: while `maxInFlight` calls are at the database, new
 * items wait and then leave together through `many` (one round trip, one commit). With
 * nothing in flight an item goes at once, alone, through `one`, so a quiet system waits for
 * nothing. A batch that fails is retried item by item, so one bad item fails alone; `many`
 * answers one result per item, in order.
 */
export function groupCommit<Item, Result>(options: {
  maxInFlight: number;
  maxBatch: number;
  one: (item: Item) => Promise<Result>;
  many: (items: Item[]) => Promise<Result[]>;
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
    let results: Result[];
    try {
      results = await options.many(batch.map((entry) => entry.item));
    } catch {
      await Promise.all(batch.map(sendOne));
      return;
    }
    batch.forEach((entry, index) => entry.resolve(results[index]!));
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
