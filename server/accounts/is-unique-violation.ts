/** Whether a database error (as pg or PGlite throw it, or wrapped by Drizzle) is a unique-key violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    typeof current === 'object' && current !== null;
    current = (current as Error).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true
  }
  return false
}
