import { PDFDocument, PDFName, PDFString } from 'pdf-lib'
import type { Pki } from '../../../server/signing/pki.ts'
import { signPdf } from '../../../server/signing/sign-pdf.ts'
import { createTimestampAuthority } from '../../../server/signing/tsa.ts'
import { makePdf } from './pdf-tools.ts'

/**
 * A small unsigned PDF whose validation keeps the CPU busy for half a minute without a pause: 2,000 empty
 * signature fields and 2,000 revision markers (`%%EOF`), over which the check for changes after each
 * signature is cubic. The crafted input a public validator must survive.
 */
export async function slowPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create()
  document.addPage([595, 842])
  const { context } = document
  const fields = Array.from({ length: 2000 }, (_, index) => {
    const signature = context.register(context.obj({ Type: 'Sig', SubFilter: 'ETSI.CAdES.detached' }))
    return context.register(context.obj({ FT: 'Sig', T: PDFString.of(`Signature${index}`), V: signature }))
  })
  document.catalog.set(PDFName.of('AcroForm'), context.register(context.obj({ Fields: fields })))
  document.catalog.set(PDFName.of('Markers'), context.register(context.stream('%%EOF\n'.repeat(2000))))
  return document.save({ useObjectStreams: false })
}

/** A one-page PDF signed with the platform certificate of `pki`, as the platform signs. */
export async function signedPdf(pki: Pki): Promise<Uint8Array> {
  const certificate = await pki.signatureCertificate(pki.platform)
  return signPdf(await makePdf(1), {
    signer: {
      name: 'Olivia Example',
      email: 'olivia@example.com',
      certificate: certificate.der,
      key: certificate.key,
      chain: pki.chain,
    },
    tsa: createTimestampAuthority(pki.tsa, pki.chain),
    name: 'Olivia Example',
    reason: 'I agree',
  })
}
