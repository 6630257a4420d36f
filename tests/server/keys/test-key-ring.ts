import { createSecretKey, randomBytes } from 'node:crypto'
import { keyRing } from '../../../server/keys/key-ring.ts'

/** A key ring of one fresh key, for the PKIs a test makes in directories of its own. */
export const testKeys = keyRing(createSecretKey(randomBytes(32)))
