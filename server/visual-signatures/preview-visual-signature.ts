import { renderVisualSignature } from './render-visual-signature.ts'

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === 'true' || value === '1'

/**
 * GET (and POST with an image) /v1/user/preview-visual-signature: the PNG of a visual signature from the
 * SPEC's short query keys (name, opt, lang, loc, qual, leg, prov, claim, std, date, qr, ph), dated `now`;
 * its QR code points to `verifyUrl`.
 */
export function previewVisualSignature(
  query: Record<string, string | undefined>,
  now: Date,
  verifyUrl: string,
  image?: Uint8Array,
): Promise<Uint8Array> {
  const quality = (query.qual ?? 'ses').slice(0, 20)
  return renderVisualSignature({
    name: (query.name ?? '').slice(0, 120),
    company: (query.opt ?? '').slice(0, 120),
    location: (query.loc ?? '').slice(0, 120),
    language: query.lang ?? 'en',
    ...(image === undefined ? {} : { image }),
    ...(flag(query.date, true) ? { date: now } : {}),
    claim: flag(query.claim, true),
    ...(flag(query.std, true)
      ? {
          standards: {
            quality,
            ...(query.leg === undefined ? {} : { legislation: query.leg.slice(0, 20) }),
            ...(query.prov === undefined ? {} : { provider: query.prov.slice(0, 40) }),
          },
        }
      : {}),
    ...(flag(query.qr, false) ? { qr: verifyUrl } : {}),
    placeholder: flag(query.ph, false),
  })
}
