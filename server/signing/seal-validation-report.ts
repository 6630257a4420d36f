import type { PageRenderer } from '../documents/render-pages.ts'
import { ApiError } from '../http/api-error.ts'
import type { MailLocale } from '../mail/mail-locale.ts'
import { localSigner } from './cms.ts'
import { signPdf } from './sign-pdf.ts'
import type { PlatformSigning } from './signing-services.ts'
import type { ValidationReportFacts } from './validation-report-facts.ts'
import { validationReportTexts } from './validation-report-texts.ts'

/** What sealing a validation report needs: the PDF workers and the platform's keys. */
export type ValidationReportServices = {
  renderer: PageRenderer | undefined
  platform: PlatformSigning | undefined
  now: () => Date
}

/**
 * The validation report of `facts` as a PDF in `locale`, sealed by the platform: drawn in a PDF worker, then
 * signed as every simple signature is (a certificate minted from the platform's key for this signature, PAdES
 * B-T with the platform's timestamp), the seal's appearance below the last line. 503 without workers or keys.
 */
export async function sealedValidationReport(
  services: ValidationReportServices,
  facts: ValidationReportFacts,
  locale: MailLocale,
): Promise<Uint8Array> {
  const { renderer, platform } = services
  if (renderer === undefined || platform === undefined) {
    throw new ApiError(503, 'server.unavailable', 'Validation reports are not available on this server')
  }
  const texts = validationReportTexts[locale]
  const { bytes, seal } = await renderer.renderValidationReport(facts, locale)
  const certificate = await platform.pki.signatureCertificate(await platform.pki.platformKey())
  const { page, ...rect } = seal
  return signPdf(
    bytes,
    {
      signer: {
        ...localSigner(certificate.der, certificate.key, certificate.chain),
        name: 'Signet',
        email: '',
      },
      tsa: platform.tsa,
      name: 'Signet',
      reason: texts.sealReason,
      signingTime: services.now(),
      seal: { label: texts.sealLabel, organization: 'Signet' },
      appearance: { page, rect },
    },
    renderer.prepareSignature,
  )
}
