import { certificateDer, createCertificate } from '../../signing/x509.ts'

/** An RSA key and its self-signed certificate, in PEM: what a SAML identity provider signs assertions with. */
export type SamlSigningKey = { privateKeyPem: string; certificatePem: string }

const pem = (label: string, der: Uint8Array) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .trimEnd()}\n-----END ${label}-----\n`

/**
 * A fresh RSA key with a self-signed certificate by the platform's certificate helper: XML signatures
 * (xml-crypto, under node-saml) take RSA, not the platform PKI's ECDSA.
 */
export async function createSamlSigningKey(commonName: string): Promise<SamlSigningKey> {
  const keys = await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  )
  const certificate = await createCertificate({
    subject: { commonName },
    subjectKey: keys,
    profile: 'signing',
    validDays: 3650,
  })
  return {
    privateKeyPem: pem(
      'PRIVATE KEY',
      new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey)),
    ),
    certificatePem: pem('CERTIFICATE', certificateDer(certificate)),
  }
}

let key: Promise<SamlSigningKey> | undefined

/** The sandbox SAML identity provider's key: one per process, made on first use, like the OpenID sandbox's. */
export function sandboxSamlKey(): Promise<SamlSigningKey> {
  key ??= createSamlSigningKey('Signet sandbox SAML identity provider')
  return key
}
