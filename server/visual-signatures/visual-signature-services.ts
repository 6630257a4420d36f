import type { Database } from '../db/open-database.ts'
import type { FileStorage } from '../storage/file-storage.ts'

/** What the visual signature operations work with; built once by the app. */
export type VisualSignatureServices = {
  db: Database
  /** The server's clock: creation times and the date a preview shows. */
  now: () => Date
  /** Where drawn and uploaded images are stored. */
  storage: FileStorage
  /** The app's public address: the QR code of a visual signature points to its verification page. */
  publicUrl: string
}

/** The product's verification page, where anyone checks a signed PDF: what a visual signature's QR code opens. */
export const verificationPageUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/validate`
