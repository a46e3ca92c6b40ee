/**
 * Waits for a condition that background work makes true (a job ran, a message arrived): checks
 * it until it holds, failing after `timeoutMs`. A readiness wait, never a fixed sleep.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
