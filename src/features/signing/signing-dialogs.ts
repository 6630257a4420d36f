import { type DialogRegistry, defineDialog } from '../../ui/dialog/dialog-registry.ts'
import { SigningTermsDialog } from './signing-terms-dialog.tsx'
import { TanEntryDialog, type TanEntryProps } from './tan-entry-dialog.tsx'
import { UpgradeStandardsDialog, type UpgradeStandardsProps } from './upgrade-standards-dialog.tsx'
import { VisualSignatureDataDialog, type VisualSignatureDataProps } from './visual-signature-data-dialog.tsx'

/** The signing dialogs of SPEC §2, by the names the signing flow opens them with. */
export const signingDialogs: DialogRegistry = {
  signingTerms: defineDialog(SigningTermsDialog),
  visualSignatureData: defineDialog<VisualSignatureDataProps>(VisualSignatureDataDialog),
  upgradeStandards: defineDialog<UpgradeStandardsProps>(UpgradeStandardsDialog),
  tanEntry: defineDialog<TanEntryProps>(TanEntryDialog),
}
