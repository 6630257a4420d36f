import { type DialogRegistry, defineDialog } from '../../ui/dialog/dialog-registry.ts'
import { ConnectAustrianEidDialog } from './connect-austrian-eid-dialog.tsx'
import { SupplyEidDataDialog, type SupplyEidDataProps } from './supply-eid-data-dialog.tsx'

/** The identification dialogs of SPEC §2, by the names the flow opens them with. */
export const identificationDialogs: DialogRegistry = {
  connectAustrianEid: defineDialog(ConnectAustrianEidDialog),
  supplyEidData: defineDialog<SupplyEidDataProps>(SupplyEidDataDialog),
}
