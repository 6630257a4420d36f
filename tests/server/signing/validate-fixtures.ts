import { PDF, PdfArray, PdfDict, PdfName, PdfStream, PdfString } from '@libpdf/core'
import { localSigner } from '../../../server/signing/cms.ts'
import type { Pki } from '../../../server/signing/pki.ts'
import { signPdf } from '../../../server/signing/sign-pdf.ts'
import { createTimestampAuthority } from '../../../server/signing/tsa.ts'
import { makePdf } from './pdf-tools.ts'

/**
 * A small unsigned PDF crafted against a validator: `fields` signature fields with empty signature
 * dictionaries and `markers` revision markers (`%%EOF`) in a stream. Checking the changes after each
 * signature against every revision and every later signature took half a minute for 2,000 of each.
 */
export async function crowdedPdf(fields: number, markers: number): Promise<Uint8Array> {
  const document = PDF.create()
  document.addPage({ width: 595, height: 842 })
  const refs = Array.from({ length: fields }, (_, index) => {
    const signature = document.register(
      PdfDict.of({ Type: PdfName.of('Sig'), SubFilter: PdfName.of('ETSI.CAdES.detached') }),
    )
    return document.register(
      PdfDict.of({ FT: PdfName.of('Sig'), T: PdfString.fromString(`Signature${index}`), V: signature }),
    )
  })
  const catalog = document.getCatalog()
  catalog.set('AcroForm', document.register(PdfDict.of({ Fields: PdfArray.of(...refs) })))
  const markerBytes = new TextEncoder().encode('%%EOF\n'.repeat(markers))
  catalog.set('Markers', document.register(PdfStream.fromDict({}, markerBytes)))
  return document.save({ compressStreams: false })
}

/** The comment that makes {@link stallingWorker} stall on a PDF. */
export const stallMarker = '%signet-test: stall validation'

/**
 * A validation worker for tests of the pool's limits: it never finishes a PDF made by {@link stallingPdf},
 * as with a PDF too complex to check in time, and validates every other PDF as the real worker does.
 */
export const stallingWorker = new URL('./stalling-validate-worker.ts', import.meta.url)

/** The channel on which {@link stallingWorker} says it has begun to stall on a PDF. */
export const stallChannel = 'signet-test: validation stalls'

/** Resolves when a {@link stallingWorker} of this process next begins to stall on a PDF. */
export function stallBegins(): Promise<void> {
  const channel = new BroadcastChannel(stallChannel)
  return new Promise((resolve) => {
    channel.onmessage = () => {
      channel.close()
      resolve()
    }
  })
}

/** A one-page PDF that {@link stallingWorker} keeps its thread busy with until the pool stops it. */
export async function stallingPdf(): Promise<Uint8Array> {
  return Buffer.concat([await makePdf(1), Buffer.from(`${stallMarker}\n`)])
}

/** A one-page PDF signed with the platform certificate of `pki`, as the platform signs. */
export async function signedPdf(pki: Pki): Promise<Uint8Array> {
  const certificate = await pki.signatureCertificate(pki.platform)
  return signPdf(await makePdf(1), {
    signer: {
      name: 'Olivia Example',
      email: 'olivia@example.com',
      ...localSigner(certificate.der, certificate.key, certificate.chain),
    },
    tsa: createTimestampAuthority(pki.tsa, () => new Date()),
    name: 'Olivia Example',
    reason: 'I agree',
  })
}
