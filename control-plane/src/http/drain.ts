/**
 * Reads and discards what is left of a request body, up to `maxBytes`. Answering
 * before the client has finished sending makes many clients (curl, undici) report
 * a reset connection instead of our error, so a moderately oversized body is read
 * to its end first. Returns false when it gave up (the connection should close).
 */
export async function drainBody(req: Request, maxBytes = 64 * 1024 * 1024): Promise<boolean> {
  if (!req.body || req.bodyUsed) return true;
  let seen = 0;
  try {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      seen += value.byteLength;
      if (seen > maxBytes) {
        await reader.cancel();
        return false;
      }
    }
  } catch {
    return false;
  }
}
