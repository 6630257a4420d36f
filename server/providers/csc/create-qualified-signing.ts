import type { AppConfig } from '../../config.ts'
import { createCscSigningProvider } from './csc-signing-provider.ts'
import type { RemoteSigningProvider } from './remote-signing-provider.ts'

/**
 * Who makes qualified signatures: the QTSP of CSC_* in any mode; otherwise outside production the platform's
 * demo CA, and in production nobody (qualified signatures answer 503 naming the missing provider).
 */
export function createQualifiedSigning(
  config: Pick<AppConfig, 'appMode' | 'csc'>,
): RemoteSigningProvider | 'demo' | undefined {
  if (config.csc !== undefined) return createCscSigningProvider(config.csc)
  return config.appMode === 'production' ? undefined : 'demo'
}
