/**
 * Polls `fn` until it returns something truthy; throws once `timeoutMs` has passed. The bound only
 * decides how late a failure is reported: it is generous, so that a loaded machine never fails a wait
 * that would succeed.
 */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 60_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
