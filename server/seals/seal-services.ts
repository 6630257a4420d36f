import type { Database } from '../db/open-database.ts'
import type { RemoteSigningProvider } from '../providers/csc/remote-signing-provider.ts'
import type { PlatformSigning } from '../signing/signing-services.ts'
import type { FileStorage } from '../storage/file-storage.ts'

/** What the seal operations work with; built once by the app. */
export type SealServices = {
  db: Database
  /** The server's clock: which plan a business is on when a seal's certificate is issued. */
  now: () => Date
  /** Where the seals' images are stored. */
  storage: FileStorage
  /** The platform's PKI, which issues the seals' certificates; absent where only the routes are listed (503). */
  platform: PlatformSigning | undefined
  /**
   * Who holds qualified seals: the QTSP of CSC_* (the business's legal-person credential there), else the
   * platform's CA (`demo`, or absent: production without a QTSP, which issues them from its CA as before).
   */
  qualifiedSigning: RemoteSigningProvider | 'demo' | undefined
}
