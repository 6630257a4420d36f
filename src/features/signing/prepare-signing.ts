import type { SignatureQualitiesDetail } from '../../../contract/signing.ts'
import type { UiActors } from '../../app/ui-actors.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import type { Signer, SigningCalls } from './signing-calls.ts'
import { signingDialogs } from './signing-dialogs.ts'
import type { UpgradeStandardsChoice, UpgradeStandardsProps } from './upgrade-standards-dialog.tsx'
import type { VisualSignatureDataProps } from './visual-signature-data-dialog.tsx'

/** What the dialogs before signing need. */
export interface PrepareSigning {
  ui: UiActors
  calls: SigningCalls
  signer: Signer
  /** The request about to be signed: its business may allow the signer aes (AES for business). */
  requestId?: string
  /** The signer chose to add a signature standard in their profile. */
  onUpgradeStandards: () => void
  /** @default sessionStorage */
  storage?: Storage
}

/** Session storage key of the users who agreed to the terms of use for signing in this tab. */
export const signingTermsStorageKey = 'signingTermsAccepted'

function holdsQuality(detail: SignatureQualitiesDetail, quality: 'aes' | 'qes'): boolean {
  const qualified = detail.qes?.eidas !== undefined || detail.qes?.zertes !== undefined
  return quality === 'qes' ? qualified : qualified || detail.aes !== undefined
}

function acceptedTerms(storage: Storage): string[] {
  try {
    const ids: unknown = JSON.parse(storage.getItem(signingTermsStorageKey) ?? '[]')
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/**
 * The dialogs before signing, where they apply (SPEC §2): upgrade standards when the signer wants
 * a quality they do not hold, the terms of use once per signer in this tab unless they accepted the
 * general terms with their account, and the visual signature
 * data until the signer has chosen the name their signature shows. Answers that name, or null when
 * the signer stopped.
 */
export async function prepareSigning({
  ui,
  calls,
  signer,
  requestId,
  onUpgradeStandards,
  storage = sessionStorage,
}: PrepareSigning): Promise<string | null> {
  const wanted = signer.defaultQuality
  if (wanted === 'aes' || wanted === 'qes') {
    const detail = await calls.loadQualities(requestId)
    if (detail && !holdsQuality(detail, wanted)) {
      let choice: UpgradeStandardsChoice | undefined
      const props: UpgradeStandardsProps = { quality: wanted }
      await openDialog(ui, signingDialogs.upgradeStandards, {
        props,
        action: async ({ value }) => {
          choice = value
        },
      })
      if (choice === 'upgrade') onUpgradeStandards()
      if (choice !== 'simple') return null
    }
  }

  const accepted = acceptedTerms(storage)
  if (!signer.acceptedTerms && !accepted.includes(signer.id)) {
    const agreed = await openDialog(ui, signingDialogs.signingTerms, { props: undefined })
    if (!agreed) return null
    storage.setItem(signingTermsStorageKey, JSON.stringify([...accepted, signer.id]))
  }

  if (signer.signatureName) return signer.signatureName
  let name: string | undefined
  const props: VisualSignatureDataProps = { suggestedName: signer.suggestedName }
  await openDialog(ui, signingDialogs.visualSignatureData, {
    props,
    action: async ({ value }) => {
      await calls.saveSignatureName(String(value))
      name = String(value)
    },
  })
  return name ?? null
}
