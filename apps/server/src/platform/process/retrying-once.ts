/**
 * `make` run once for every caller: its promise is shared while it runs and kept once it
 * succeeds; a failure is forgotten, so the next call tries again.
 */
export function retryingOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    }));
}
