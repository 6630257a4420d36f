import * as pkijs from 'pkijs'

/**
 * The pkijs engine every signing module passes explicitly. pkijs keeps one global engine, and
 * @libpdf/core replaces it with its own when it signs or opens a PKCS#12 file; that engine's digest
 * breaks on the plain algorithm names pkijs's own verification uses. Passing ours keeps signing and
 * validation independent of whatever else ran in the process.
 */
export const cryptoEngine = new pkijs.CryptoEngine({ name: 'signet', crypto: globalThis.crypto })
