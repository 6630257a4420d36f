import { renderVisualSignature } from './render-visual-signature.ts'

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === 'true' || value === '1'

/**
 * GET (and POST with an image) /v1/user/preview-visual-signature: the PNG of a visual signature from the
 * SPEC's short query keys (name, opt, lang, loc, qual, leg, prov, claim, std, date, ph), dated `now`.
 */
export function previewVisualSignature(
  query: Record<string, string | undefined>,
  now: Date,
  image?: Uint8Array,
): Promise<Uint8Array> {
  const quality = query.qual ?? 'ses'
  return renderVisualSignature({
    name: (query.name ?? '').slice(0, 120),
    company: (query.opt ?? '').slice(0, 120),
    location: (query.loc ?? '').slice(0, 120),
    language: query.lang ?? 'en',
    ...(image === undefined ? {} : { image }),
    ...(flag(query.date, true) ? { date: now } : {}),
    claim: flag(query.claim, true),
    ...(flag(query.std, true)
      ? { standards: { quality, ...(query.leg === undefined ? {} : { legislation: query.leg }) } }
      : {}),
    placeholder: flag(query.ph, false),
  })
}
