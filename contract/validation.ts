import * as v from 'valibot'
import { signatureQualities } from './signature-qualities.ts'

/** A certificate as the validation report shows it. */
export const certificateSummarySchema = v.object({
  commonName: v.nullable(v.string()),
  email: v.nullable(v.string()),
  organization: v.nullable(v.string()),
  issuerCommonName: v.nullable(v.string()),
  serialNumber: v.string(),
  notBefore: v.string(),
  notAfter: v.string(),
})

/** Qualities a validated signature can have; `unknown` for certificates not issued by this platform. */
export const validatedQualities = [...signatureQualities, 'unknown'] as const

/** PAdES baseline levels (ETSI EN 319 142-1), lowest first. */
export const padesLevels = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const
export type PadesLevel = (typeof padesLevels)[number]

/** One signature of a validated PDF (`POST /v1/validate`), oldest first. */
export const validatedSignatureSchema = v.object({
  fieldName: v.string(),
  /**
   * A signature, or a document timestamp (`ETSI.RFC3161`): a timestamp authority's proof that the document,
   * its signatures and their validation data existed then, which keeps them verifiable (PAdES B-LTA).
   */
  kind: v.picklist(['signature', 'document_timestamp']),
  /** The name the signer signed with (for simple signatures the certificate is the platform's). */
  signingName: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  /** The signer's contact, usually their e-mail address. */
  contactInfo: v.nullable(v.string()),
  /** Byte range sound, digest matching and the CMS signature verifying. */
  intact: v.boolean(),
  /** Stable codes of what is wrong when it is not intact (`signature.digest_mismatch`, ...). */
  problems: v.array(v.string()),
  signer: v.nullable(certificateSummarySchema),
  quality: v.picklist(validatedQualities),
  /** The signer's certificate is a demo certificate of a test system. */
  demo: v.boolean(),
  /** The signer's certificate chain leads to the platform's root CA. */
  trusted: v.boolean(),
  /** The time the signer's software claimed. */
  signingTime: v.nullable(v.string()),
  /** The RFC 3161 timestamp: when the signature existed at the latest, by a timestamp authority. */
  timestamp: v.nullable(
    v.object({
      time: v.string(),
      verified: v.boolean(),
      trusted: v.boolean(),
      authority: v.nullable(v.string()),
    }),
  ),
  /** The document changed after this signature in a way no later signature accounts for. */
  changedAfter: v.boolean(),
  /**
   * The PAdES level it reaches: B-B signed, B-T timestamped, B-LT with its validation data in the document,
   * B-LTA with an archive timestamp after that too; null for a document timestamp or a damaged signature.
   */
  level: v.nullable(v.picklist(padesLevels)),
  /**
   * What the revocation data the document carries (its DSS; nothing is fetched) says of the signer's
   * certificate; null for a document timestamp.
   */
  revocation: v.nullable(
    v.object({
      status: v.picklist(['good', 'revoked', 'unknown']),
      revokedAt: v.nullable(v.string()),
      source: v.nullable(v.picklist(['document'])),
    }),
  ),
  /** The signer's certificate was revoked before the signature is proved to exist: it is not valid. */
  revokedBeforeSigning: v.boolean(),
})

/** The forms of the report of `POST /v1/validate`: JSON, or an ETSI TS 119 102-2 validation report. */
export const validationReportTypes = ['json', 'xml'] as const

/** The query of `POST /v1/validate`: which form of the report to answer, JSON unless `type=xml`. */
export const validateQuerySchema = v.object({
  type: v.optional(v.picklist(validationReportTypes)),
})

/** Answer of `POST /v1/validate`. */
export const validationReportSchema = v.object({
  signatures: v.array(validatedSignatureSchema),
})

/** A validation report as answered. */
export type ValidationReportView = v.InferOutput<typeof validationReportSchema>

/** One signature of {@link ValidationReportView}. */
export type ValidatedSignature = v.InferOutput<typeof validatedSignatureSchema>
