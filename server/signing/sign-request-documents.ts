import { createHash } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { IdentificationEvidence, SigningVerification } from '../../contract/request-events.ts'
import type { SignatureField } from '../../contract/signature-fields.ts'
import type { SignatureQuality } from '../../contract/signature-qualities.ts'
import type { SignatureRequestStatus } from '../../contract/signature-request-status.ts'
import type { SignResultCode } from '../../machines/signing/signing.types.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { signatureRequestInvitationMail } from '../mail/signature-request-invitation-mail.ts'
import {
  RemoteCertificateUnusable,
  type RemoteSigningProvider,
  RemoteSigningUnavailable,
} from '../providers/csc/remote-signing-provider.ts'
import type { SealSigning } from '../seals/seal-for-signer.ts'
import { requestNotFound } from '../signature-requests/find-request.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import { mailSigners } from '../signature-requests/mail-signers.ts'
import { recordEvent } from '../signature-requests/record-event.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import { signaturesInTurn } from '../signature-requests/signatures-in-turn.ts'
import { signerFields } from '../signature-requests/signer-fields.ts'
import { documentKey } from '../storage/storage-keys.ts'
import type { ArchiveAuthorities } from './archive-pdf.ts'
import { type CmsSigner, localSigner } from './cms.ts'
import { decideSign } from './decide-sign.ts'
import { fillFormFields } from './fill-form-fields.ts'
import type { SignableRequest } from './find-signable-request.ts'
import { spendFreeSignature } from './free-signatures.ts'
import { mailSignedDocuments, type SignedFile } from './mail-signed-documents.ts'
import type { CertifiedKey, Pki } from './pki.ts'
import { withPublishedRevocation } from './published-revocation.ts'
import { prepareSignedPdf } from './sign-pdf.ts'
import { fieldsOfOthers, signatureBox } from './signature-box.ts'
import { SigningError } from './signing-error.ts'
import type { PlatformSigning, SigningServices } from './signing-services.ts'

/** Who signs one request, as the signature and the audit trail name them. */
export type SigningIdentity = {
  /** The signer's own name (else address): named by an advanced or qualified certificate, drawn in the box. */
  name: string
  /** The signing name of the payload, written as each signature's /Name. */
  signingName: string
  signingReason: string | undefined
  email: string
  quality: SignatureQuality
  /**
   * The company a company field takes: the business of the signer's account (empty: none, the sender's value
   * stands); undefined for a direct-link signer, who types it.
   */
  company?: string
  /** The audit trail's actor. */
  caller: Caller
  /** The account whose free signature this one spends; absent for a direct-link signer. */
  freeAccountId?: string
  /** The seal this signature is made with, instead of a certificate naming the signer. */
  seal?: SealSigning
  /** The business whose word alone makes this signature advanced (AES for business): its certificate's O. */
  vouchedBy?: string
  /** The signer's visual signature as a PNG, drawn as the appearance; absent: the text appearance. */
  visualSignature?: Uint8Array
  /** How the signer proved who they were, as the audit trail records it. */
  verifications: SigningVerification[]
  /** The one-time password the signer confirmed a qualified signature with: it authorises the QTSP's key. */
  oneTimePassword?: string
  /**
   * Signed under 21 CFR Part 11: `signingName` and `signingReason` are the printed name and meaning the
   * signer confirmed, which the appearance shows with the time (11.50) and the audit trail records.
   */
  part11?: true
}

/** What became of one request of a sign call. */
export type SignOutcome = { result: SignResultCode; statusOverall: SignatureRequestStatus }

/** How long a signing waits for another signing of the same request before it answers `locked`. */
const lockTimeoutMs = 5000

/** A free signature ran out between the check and the signing; the transaction rolls back. */
class CreditExhausted extends Error {}

/**
 * Signs every document of one request for its signer, serialised per request: the request row stays
 * locked while the current version of each document is signed, so two signers at the same moment both
 * end up in the final PDFs, one after the other. Each new version is stored (content-addressed) before
 * the transaction that points the request at it commits, so a crash leaves the old version or the new
 * one, never a row pointing at nothing. The lifecycle machine decides the new statuses; when the last
 * signer signs, everyone gets the signed documents by mail; when the last of a turn signs a request in
 * order, the signers of the next turn are invited.
 */
export async function signRequestDocuments(
  services: SigningServices,
  platform: PlatformSigning,
  signable: SignableRequest,
  identity: SigningIdentity,
  language: string,
): Promise<SignOutcome> {
  const { pki } = platform
  const { renderer } = services
  if (renderer === undefined) throw new ApiError(503, 'server.unavailable', 'Signing is not available')
  const seal = identity.seal
  const requestId = signable.request.id
  const nextSigner = await documentSigner(services, pki, identity, signable)
  const handedToQtsp =
    seal !== undefined || remoteSigning(services, identity) === undefined ? undefined : evidenceOf(identity)
  let signed: { statusOverall: SignatureRequestStatus }
  try {
    signed = await services.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${lockTimeoutMs}ms'`))
      const [request] = await tx
        .select()
        .from(signatureRequests)
        .where(eq(signatureRequests.id, requestId))
        .for('update')
      if (request === undefined) throw requestNotFound()
      const rows = await tx.select().from(signatures).where(eq(signatures.requestId, requestId))
      const decision = decideSign(request, rows, signable.signature.id)
      const parts = await tx
        .select({ part: signatureRequestDocuments, document: documents })
        .from(signatureRequestDocuments)
        .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
        .where(eq(signatureRequestDocuments.requestId, requestId))
        .orderBy(asc(signatureRequestDocuments.position))
      const files: SignedFile[] = []
      // The QTSP's certificates' revocation data is what their CA publishes.
      const archive: ArchiveAuthorities = {
        tsa: platform.tsa,
        revocation: withPublishedRevocation(platform.revocation(tx)),
      }
      // Where this signer signs: the call's placement, else their field (placed, or suggested clear of the others).
      const fieldDocuments = parts.map(({ document }) => document)
      const ownFields = signerFields(fieldDocuments, rows).get(signable.signature.id)?.documentSignatures
      const taken = fieldsOfOthers(fieldDocuments, rows, signable.signature.id)
      const usedFields: SignatureField[] = []
      // The time the appearance shows is the one the request and its audit trail record.
      const now = services.now()
      const formFields = fillFormFields(
        signable.signature.formFields,
        signable.item.formValues ?? [],
        { name: identity.name, email: identity.email, company: identity.company },
        now.toISOString().slice(0, 10),
      )
      const prepareDocument = async ({ part, document }: (typeof parts)[number]) => {
        const current = await services.storage.getBytes(documentKey(part.signedSha256 ?? document.sha256))
        if (current === undefined) throw new Error(`stored file of document ${document.id} is missing`)
        const signer = await nextSigner(tx)
        const field = signatureBox(
          signable.item.documentSignatures?.find((d) => d.documentId === document.id),
          ownFields?.find((f) => f.documentId === document.id),
          document,
          taken,
        )
        usedFields.push(field)
        const preparing = prepareSignedPdf(
          current,
          {
            signer: { ...signer, name: identity.name, email: identity.email },
            tsa: platform.tsa,
            signingTime: now,
            name: identity.signingName,
            reason: identity.signingReason ?? '',
            quality: identity.quality,
            ...(seal
              ? { seal: { label: seal.label, organization: seal.organization, image: seal.image } }
              : {}),
            ...(identity.visualSignature ? { visualSignature: identity.visualSignature } : {}),
            ...(identity.part11 ? { manifestation: true } : {}),
            formFields: formFields.flatMap((f) =>
              f.documentId === document.id && f.value !== null
                ? [
                    {
                      name: `${f.kind}-${f.id}`,
                      page: f.page,
                      x: f.x,
                      y: f.y,
                      width: f.width,
                      height: f.height,
                      checkbox: f.kind === 'checkbox',
                      value: f.value,
                    },
                  ]
                : [],
            ),
            appearance: { page: field.page, rect: field },
          },
          renderer.prepareSignature,
        ).catch(signingFailed(document))
        // The archive asks for the signer's OCSP answer: made while the worker prepares the signature, rather
        // than after it. It reads the transaction, so it is done before the transaction's next query, even when
        // the preparing fails.
        const issuer = signer.chain[0]
        const [prepared] = await Promise.allSettled([
          preparing,
          decision.status === 'SIGNED' && issuer !== undefined
            ? archive.revocation.getOCSP(signer.certificate, issuer).catch(() => {})
            : undefined,
        ])
        if (prepared.status === 'rejected') throw prepared.reason
        return { document, signer, pending: prepared.value }
      }
      const finishDocument = async ({ document, pending }: Awaited<ReturnType<typeof prepareDocument>>) => {
        const withSignature = await pending.finish().catch(signingFailed(document))
        // The last signature makes the document B-LTA: its validation data and an archive timestamp, by the
        // timestamp authority's key in use now (or a later one, should it be renewed meanwhile).
        const archivedBy =
          decision.status === 'SIGNED' ? await platform.pki.timestampKey(services.now()) : undefined
        const bytes = archivedBy ? await renderer.archivePdf(withSignature, archive) : withSignature
        const sha256 = createHash('sha256').update(bytes).digest('hex')
        await services.storage.put(documentKey(sha256), bytes)
        await tx
          .update(signatureRequestDocuments)
          .set({
            signedSha256: sha256,
            signedSize: bytes.length,
            archiveExpiresAt: archivedBy?.certificate.notAfter.value ?? null,
          })
          .where(
            and(
              eq(signatureRequestDocuments.requestId, requestId),
              eq(signatureRequestDocuments.documentId, document.id),
            ),
          )
        files.push({ title: document.title, storageKey: documentKey(sha256) })
      }
      // One document after another; but a QTSP's SCAL 2 credential (one signer for all, `bind`) authorises the
      // hashes of every document's signature at once, before it signs any: those are all prepared first.
      const bound: Awaited<ReturnType<typeof prepareDocument>>[] = []
      for (const entry of parts) {
        const prepared = await prepareDocument(entry)
        if (prepared.signer.bind === undefined) await finishDocument(prepared)
        else bound.push(prepared)
      }
      await bound[0]?.signer.bind?.(bound.map(({ pending }) => pending.signedAttributes)).catch(remoteFailed)
      for (const prepared of bound) await finishDocument(prepared)
      if (
        identity.freeAccountId !== undefined &&
        !(await spendFreeSignature(tx, identity.freeAccountId, services.freeSignatures))
      ) {
        throw new CreditExhausted()
      }
      await tx
        .update(signatureRequests)
        .set({ statusOverall: decision.status, updatedAt: now })
        .where(eq(signatureRequests.id, requestId))
      await tx
        .update(signatures)
        .set({
          status: decision.signers[signable.signature.id] ?? 'SIGNED',
          // A signer group's signature becomes the signature of the member who signs it (issue 43).
          ...(signable.signature.groupId === null
            ? {}
            : { signerId: identity.caller.userId, accountEmail: identity.caller.email }),
          signedAt: now,
          quality: identity.quality,
          signingName: identity.signingName,
          signingReason: identity.signingReason ?? null,
          documentSignatures: usedFields,
          formFields,
          sealId: seal?.id ?? null,
        })
        .where(eq(signatures.id, signable.signature.id))
      await recordEvent(tx, requestId, identity.caller, 'signed', now, {
        signatureId: signable.signature.id,
        quality: identity.quality,
        documents: parts.map(({ document }) => document.id),
        // Which seal (its name and its label then) and who used it; the caller is the event's actor too.
        ...(seal ? { seal: seal.accountName, sealLabel: seal.label, sealedBy: seal.sealedBy } : {}),
        ...(identity.vouchedBy === undefined ? {} : { vouchedBy: identity.vouchedBy }),
        verifications: identity.verifications,
        ...(identity.part11
          ? { part11: { name: identity.signingName, meaning: identity.signingReason ?? '' } }
          : {}),
        ...(handedToQtsp === undefined ? {} : { handedToQtsp }),
      })
      // The last signature mails the signed documents, in the transaction that records it; the last of a
      // turn of a request in order invites the signers of the next.
      if (decision.status === 'SIGNED') {
        await mailSignedDocuments(services, tx, request, files, language)
      } else {
        const asked = new Set(signaturesInTurn(request, rows).map((row) => row.id))
        const after = rows.map((row) => ({ ...row, status: decision.signers[row.id] ?? row.status }))
        const next = signaturesInTurn(request, after).filter((row) => !asked.has(row.id))
        await mailSigners(services, tx, request, next, signatureRequestInvitationMail)
        // The trail records the new turn, which tells an API user's update callback too.
        if (next.length > 0)
          await recordEvent(tx, requestId, null, 'turn_started', now, {
            to: next.map((row) => row.accountEmail).join(', '),
          })
      }
      return { statusOverall: decision.status }
    })
  } catch (error) {
    if (error instanceof CreditExhausted)
      return { result: 'exhausted', statusOverall: signable.request.statusOverall }
    if (isLockTimeout(error)) return { result: 'locked', statusOverall: signable.request.statusOverall }
    throw error
  }
  return { result: 'complete', statusOverall: signed.statusOverall }
}

/**
 * What signs each document of the request. A qualified signature is the QTSP's when one is configured: its
 * key and certificate, authorised once for every document with the password the signer confirmed on their
 * phone (out of reach or refusing: 503, nothing signed); so is a seal the QTSP holds, its legal person's
 * credential authorising itself. Else a certificate of the platform's CA minted per signature (see
 * Pki.signatureCertificate) from a seal's own, the platform's for ses, or one issued to this signer for this
 * signing for aes and qes.
 */
async function documentSigner(
  services: SigningServices,
  pki: Pki,
  identity: SigningIdentity,
  signable: SignableRequest,
): Promise<(tx: Queryable) => Promise<CmsSigner>> {
  const qtsp = remoteSigning(services, identity)
  if (qtsp !== undefined) {
    const remote = await authorizeRemote(services, qtsp, identity, signable)
    return async () => remote
  }
  const held = identity.seal?.holder
  if (held !== undefined && !('key' in held))
    throw new ApiError(
      503,
      'server.unavailable',
      'Qualified seals are not available on this server: no qualified trust service provider (CSC_BASE_URL) is configured',
    )
  const base: CertifiedKey =
    held?.key ??
    (identity.quality === 'ses'
      ? await pki.platformKey()
      : await pki.issueSignerCertificate({
          name: identity.name,
          email: identity.email,
          quality: identity.quality,
          ...(identity.vouchedBy === undefined ? {} : { organization: identity.vouchedBy }),
        }))
  // Each document's copy of the certificate is recorded in the signing transaction `tx`.
  return async (tx) => {
    const certificate = await pki.signatureCertificate(base, tx)
    return localSigner(certificate.der, certificate.key, certificate.chain)
  }
}

/**
 * The QTSP that makes this signature, when one is configured: a qualified one of a person, or a seal whose
 * credential it holds. A seal of the platform's CA signs locally, qualified or not.
 */
function remoteSigning(
  services: SigningServices,
  identity: SigningIdentity,
): RemoteSigningProvider | undefined {
  const qtsp = services.qualifiedSigning === 'demo' ? undefined : services.qualifiedSigning
  if (identity.seal !== undefined) return 'qtspCredentialId' in identity.seal.holder ? qtsp : undefined
  return identity.quality === 'qes' ? qtsp : undefined
}

/** The identification the signer's qualified certificate rests on, as the QTSP is told it. */
function evidenceOf(identity: SigningIdentity): IdentificationEvidence | undefined {
  const identified = identity.verifications.find((verification) => verification.method === 'identification')
  if (identified?.reference === undefined) return undefined
  return { provider: identified.provider, mode: identified.mode, reference: identified.reference }
}

async function authorizeRemote(
  services: SigningServices,
  qtsp: RemoteSigningProvider,
  identity: SigningIdentity,
  signable: SignableRequest,
): Promise<CmsSigner> {
  const parts = await services.db
    .select({ documentId: signatureRequestDocuments.documentId })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, signable.request.id))
  const signatures = {
    numSignatures: Math.max(parts.length, 1),
    description: `Signet: ${signable.request.title}`,
  }
  // A seal's credential authorises itself: no one confirms it with a password.
  const held = identity.seal?.holder
  if (held !== undefined && 'qtspCredentialId' in held)
    return qtsp
      .authorize({ credentialId: held.qtspCredentialId, ...signatures })
      .catch((error) => remoteFailed(error, identity.seal))
  if (identity.oneTimePassword === undefined)
    throw new Error('a qualified signature reached the QTSP without the password the signer confirmed')
  const evidence = evidenceOf(identity)
  return qtsp
    .authorize({
      userId: identity.email,
      oneTimePassword: identity.oneTimePassword,
      ...signatures,
      ...(evidence === undefined ? {} : { evidence }),
    })
    .catch(remoteFailed)
}

/**
 * What a failed signing of `document` answers: 503 when the QTSP is out of reach or refuses, 422 naming a
 * document that cannot be signed; anything else is the server's.
 */
function signingFailed(document: { title: string }) {
  return (error: unknown): never => {
    if (!(error instanceof SigningError)) remoteFailed(error)
    throw new ApiError(422, 'signing.document_unsignable', `“${document.title}” cannot be signed`, {
      cause: error,
    })
  }
}

/**
 * The QTSP out of reach or refusing: 503, and the signer may try again; the signer's (or `seal`'s) certificate
 * there not valid or its key disabled: 409 naming its status; anything else is the server's.
 */
function remoteFailed(error: unknown, seal?: SealSigning): never {
  if (error instanceof RemoteCertificateUnusable)
    throw new ApiError(
      409,
      'signing.certificate_unusable',
      seal === undefined
        ? `Your certificate at the qualified trust service provider is ${error.status}: no qualified signature can be made with it`
        : `The seal “${seal.label}” is ${error.status} at the qualified trust service provider: nothing can be sealed with it until an admin of ${seal.organization} renews it there`,
      { cause: error },
    )
  if (!(error instanceof RemoteSigningUnavailable)) throw error
  throw new ApiError(
    503,
    'server.unavailable',
    'The qualified trust service provider cannot be reached; try again later',
    { cause: error },
  )
}

// PostgreSQL's lock_not_available, as pg or PGlite throw it or wrapped by Drizzle.
function isLockTimeout(error: unknown): boolean {
  for (
    let current = error;
    typeof current === 'object' && current !== null;
    current = (current as Error).cause
  ) {
    if ((current as { code?: unknown }).code === '55P03') return true
  }
  return false
}
