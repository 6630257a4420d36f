import { defineDialog } from '../../ui/dialog/define-dialog.ts'
import type { PersonalDetails } from './personal-details.ts'
import type { SupplyEidDataProps } from './supply-eid-data-dialog.tsx'

/** The identification dialogs of SPEC §2. */
export const identificationDialogs = {
  connectAustrianEid: defineDialog<void, void>()({
    name: 'connectAustrianEid',
    namespace: 'general',
    load: () => import('./connect-austrian-eid-dialog.tsx').then((m) => m.ConnectAustrianEidDialog),
  }),
  /** Submits the personal details the eID did not give. */
  supplyEidData: defineDialog<SupplyEidDataProps, PersonalDetails>()({
    name: 'supplyEidData',
    namespace: 'document',
    load: () => import('./supply-eid-data-dialog.tsx').then((m) => m.SupplyEidDataDialog),
  }),
}
