/** The parts of a message that the development outbox shows. */
export type ParsedMail = {
  to: string
  subject: string
  /** ISO 8601, from the Date header. */
  date: string
  text: string
  html: string
}

type Part = { headers: Map<string, string>; body: string }

/**
 * Reads the messages that {@link composeMail} writes: headers with encoded words, nested multiparts (the
 * text and HTML alternatives beside attachments), parts in base64, quoted-printable or 7/8 bit, UTF-8.
 * Not a general MIME parser.
 */
export function parseMail(source: string): ParsedMail {
  const root = splitPart(source)
  const parts = leafParts(root)
  const body = (type: string) => {
    const part = parts.find(
      (p) =>
        (p.headers.get('content-type') ?? 'text/plain').startsWith(type) &&
        !(p.headers.get('content-disposition') ?? '').startsWith('attachment'),
    )
    return part === undefined ? '' : decodeBody(part)
  }
  const dateHeader = root.headers.get('date')
  return {
    to: decodeWords(root.headers.get('to') ?? ''),
    subject: decodeWords(root.headers.get('subject') ?? ''),
    date: dateHeader === undefined ? '' : new Date(dateHeader).toISOString(),
    text: body('text/plain'),
    html: body('text/html'),
  }
}

function leafParts(part: Part): Part[] {
  const boundary = parameter(part.headers.get('content-type') ?? '', 'boundary')
  if (boundary === undefined) return [part]
  const leaves: Part[] = []
  for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break
    leaves.push(...leafParts(splitPart(chunk.replace(/^\r?\n/, ''))))
  }
  return leaves
}

function splitPart(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source)
  const head = match === null ? source : source.slice(0, match.index)
  const body = match === null ? '' : source.slice(match.index + match[0].length)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(header)
  return match?.[1]
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  // The line break before the next boundary belongs to the boundary, not to the part.
  const body = part.body.replace(/\r?\n$/, '')
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body.replace(/=\r?\n/g, ''))
        : body
  // Messages carry CRLF line breaks; the outbox shows text as the server wrote it.
  return decoded.replace(/\r\n/g, '\n')
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(text[i] ?? '', 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

// RFC 2047: adjacent encoded words are joined without the whitespace between them.
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}
