import { randomBytes } from 'node:crypto'
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing.js'
import { create } from 'xmlbuilder2'
import type { SamlSigningKey } from './sandbox-saml-key.ts'

/** What an identity provider says in a SAML response to one authentication request. */
export type SamlAnswer = {
  /** The identity provider's entity id. */
  issuer: string
  /** The request's ID, echoed as InResponseTo. */
  inResponseTo: string
  /** Where the response goes: the service provider's assertion consumer service, the bearer's Recipient. */
  recipient: string
  /** The service provider's entity id, the assertion's only audience. */
  audience: string
  /** Absent: the person did not sign in (status AuthnFailed, no assertion). */
  person?: { email: string; givenName?: string; familyName?: string }
  now: Date
  /** @default a random id */
  assertionId?: string
  /** How long the assertion may be used. @default 300 */
  lifetimeSeconds?: number
}

const protocol = 'urn:oasis:names:tc:SAML:2.0:protocol'
const assertion = 'urn:oasis:names:tc:SAML:2.0:assertion'
const status = (code: string) => `urn:oasis:names:tc:SAML:2.0:status:${code}`
/** The attributes the LDAP/X.500 profile names by OID (mail, givenName, sn); node-saml reads `mail`'s as `email`. */
const attributeOids = {
  email: 'urn:oid:0.9.2342.19200300.100.1.3',
  givenName: 'urn:oid:2.5.4.42',
  familyName: 'urn:oid:2.5.4.4',
}
const assertionXPath = '/*[local-name(.)="Response"]/*[local-name(.)="Assertion"]'

/** A SAML 2.0 ID: a letter first (xs:ID), then 160 random bits. */
export const samlId = () => `_${randomBytes(20).toString('hex')}`

/** The unsigned `samlp:Response` XML of `answer`: with one bearer assertion, or AuthnFailed. */
export function samlResponseXml(answer: SamlAnswer): string {
  const instant = answer.now.toISOString()
  const until = new Date(answer.now.getTime() + (answer.lifetimeSeconds ?? 300) * 1000).toISOString()
  const response = create({ version: '1.0', encoding: 'UTF-8' }).ele(protocol, 'samlp:Response', {
    'xmlns:saml': assertion,
    ID: samlId(),
    Version: '2.0',
    IssueInstant: instant,
    Destination: answer.recipient,
    InResponseTo: answer.inResponseTo,
  })
  response.ele(assertion, 'saml:Issuer').txt(answer.issuer)
  const { person } = answer
  if (person === undefined) {
    response
      .ele(protocol, 'samlp:Status')
      .ele(protocol, 'samlp:StatusCode', { Value: status('Responder') })
      .ele(protocol, 'samlp:StatusCode', { Value: status('AuthnFailed') })
    return response.end()
  }
  response.ele(protocol, 'samlp:Status').ele(protocol, 'samlp:StatusCode', { Value: status('Success') })
  const signed = response.ele(assertion, 'saml:Assertion', {
    ID: answer.assertionId ?? samlId(),
    Version: '2.0',
    IssueInstant: instant,
  })
  signed.ele(assertion, 'saml:Issuer').txt(answer.issuer)
  const subject = signed.ele(assertion, 'saml:Subject')
  subject
    .ele(assertion, 'saml:NameID', { Format: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' })
    .txt(person.email)
  subject
    .ele(assertion, 'saml:SubjectConfirmation', { Method: 'urn:oasis:names:tc:SAML:2.0:cm:bearer' })
    .ele(assertion, 'saml:SubjectConfirmationData', {
      InResponseTo: answer.inResponseTo,
      NotOnOrAfter: until,
      Recipient: answer.recipient,
    })
  signed
    .ele(assertion, 'saml:Conditions', { NotBefore: instant, NotOnOrAfter: until })
    .ele(assertion, 'saml:AudienceRestriction')
    .ele(assertion, 'saml:Audience')
    .txt(answer.audience)
  signed
    .ele(assertion, 'saml:AuthnStatement', { AuthnInstant: instant, SessionIndex: samlId() })
    .ele(assertion, 'saml:AuthnContext')
    .ele(assertion, 'saml:AuthnContextClassRef')
    .txt('urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport')
  const attributes = signed.ele(assertion, 'saml:AttributeStatement')
  for (const [name, oid] of Object.entries(attributeOids)) {
    const value = person[name as keyof typeof attributeOids]
    if (value)
      attributes
        .ele(assertion, 'saml:Attribute', {
          Name: oid,
          NameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
        })
        .ele(assertion, 'saml:AttributeValue')
        .txt(value)
  }
  return response.end()
}

/** Signs the response's assertion (enveloped, RSA-SHA256, exclusive C14N) with node-saml's signing by xml-crypto. */
export function signSamlAssertion(responseXml: string, key: SamlSigningKey): string {
  return signSamlPost(responseXml, assertionXPath, {
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
  })
}
