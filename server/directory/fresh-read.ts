/**
 * Shares one database read among callers that arrive together without ever answering a caller
 * with a read that started before it asked (which could miss a write committed just before).
 * A caller that finds a read in flight waits for the next one, started as soon as the current
 * one ends and shared by everyone who queued meanwhile: under load one read serves many
 * requests, and each still sees every write that committed before it arrived.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const p: Promise<T> = read().finally(() => {
      if (inFlight === p) inFlight = null;
    });
    inFlight = p;
    return p;
  };
  return () => {
    if (!inFlight) return start();
    queued ??= inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}
