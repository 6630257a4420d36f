/** An absolute link into the app for a mail: `publicUrl` + `path`, with `query` added to any it has. */
export function linkTo(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${publicUrl}${path}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}
