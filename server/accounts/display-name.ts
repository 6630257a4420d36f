/** The names a person is shown by: their first and last names as far as they are known. */
type Names = { firstName?: string | null; lastName?: string | null }

/** How a person is named to others: their first and last names, else `fallback` (their e-mail address). */
export function displayName(names: Names | null | undefined, fallback: string): string {
  return [names?.firstName, names?.lastName].filter(Boolean).join(' ') || fallback
}
