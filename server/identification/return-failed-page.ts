import { html } from 'hono/html'

/** The page of a provider's return that cannot be taken (e.g. it names no open appointment), saying why. */
export function returnFailedPage(message: string) {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Identification</title></head>
<body><h1>The identification cannot go on here</h1><p>${message}</p></body>
</html>`
}
