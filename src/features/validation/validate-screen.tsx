import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type ReactNode, useId, useState } from 'react'
import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import {
  type PadesLevel,
  type ValidatedSignature,
  type ValidationReportView,
  type validatedQualities,
  validationReportSchema,
} from '../../../contract/validation.ts'
import type { ApiClient } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { saveFile } from '../../ui/file/save-file.ts'
import { FileDrop } from '../../ui/form/file-drop.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { type SignatureVerdict, signatureVerdict } from './signature-verdict.ts'
import styles from './validate.module.css'
import { validationErrorMessage } from './validation-messages.ts'

const verdictTitles: Record<SignatureVerdict, MessageDescriptor> = {
  valid: msg`Valid signature`,
  untrusted: msg`Intact, but not from a trusted certificate authority`,
  changedAfter: msg`The document was changed after this signature`,
  damaged: msg`Damaged: the signed content is not what was signed`,
  revoked: msg`Not valid: the certificate was revoked before this signature`,
}

// An archive timestamp is judged as a signature is, but is not one.
const timestampTitles: Record<SignatureVerdict, MessageDescriptor> = {
  ...verdictTitles,
  valid: msg`Valid archive timestamp`,
}

const qualityNames: Record<(typeof validatedQualities)[number], MessageDescriptor> = {
  ses: msg`Simple electronic signature`,
  aes: msg`Advanced electronic signature`,
  qes: msg`Qualified electronic signature`,
  unknown: msg`Not stated by the certificate`,
}

const levelTexts: Record<PadesLevel, MessageDescriptor> = {
  'B-B': msg`PAdES B-B: signed, without a trusted time`,
  'B-T': msg`PAdES B-T: signed at a time a timestamp authority confirms`,
  'B-LT': msg`PAdES B-LT: timestamped, with the data to check it later inside the document`,
  'B-LTA': msg`PAdES B-LTA: for the long term, checkable from the document alone after its certificates expire`,
}

const problemTexts: Record<string, MessageDescriptor> = {
  'signature.byte_range_invalid': msg`The signature does not say soundly which bytes it covers.`,
  'signature.cms_unreadable': msg`The signature data cannot be read.`,
  'signature.certificate_missing': msg`The signer's certificate is missing.`,
  'signature.digest_mismatch': msg`The signed bytes were changed after signing.`,
  'signature.invalid': msg`The cryptographic signature does not verify.`,
  'signature.unsupported': msg`This kind of signature cannot be checked here.`,
}

/** Sends the PDF to `POST /v1/validate`; the server keeps nothing of it. */
async function validate(api: ApiClient, file: File): Promise<ValidationReportView> {
  const body = new FormData()
  body.append('file', file)
  return v.parse(
    validationReportSchema,
    await api.request(apiPaths.validate(), { method: 'POST', body, retries: 0 }),
  )
}

/**
 * Sends the PDF again for the same report as ETSI TS 119 102-2 XML, the form other validators and archives
 * read; the server kept nothing of the first check.
 */
async function validationXml(api: ApiClient, file: File): Promise<Blob> {
  const body = new FormData()
  body.append('file', file)
  return api.request<Blob>(apiPaths.validate('xml'), {
    method: 'POST',
    body,
    retries: 0,
    responseType: 'blob',
  })
}

/** One entry of the report: its verdict first, then what `children` say of it, then what is wrong. */
function VerdictCard({
  entry,
  titles = verdictTitles,
  children,
}: {
  entry: ValidatedSignature
  titles?: Record<SignatureVerdict, MessageDescriptor>
  children: ReactNode
}) {
  const { i18n } = useLingui()
  const verdict = signatureVerdict(entry)
  return (
    <li className={styles.card} data-verdict={verdict}>
      <h3 className={styles.verdict}>
        <span className={styles.icon} aria-hidden="true">
          {verdict === 'valid' ? '✓' : '!'}
        </span>
        {i18n._(titles[verdict])}
      </h3>
      {children}
      {entry.problems.length > 0 ? (
        <ul className={styles.problems}>
          {entry.problems.map((problem) => (
            <li key={problem}>{i18n._(problemTexts[problem] ?? msg`Unknown problem: ${problem}`)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** One signature of the report: the verdict first, then who, when, how and why. */
function SignatureCard({ signature, index }: { signature: ValidatedSignature; index: number }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const signer = signature.signer
  // A simple signature is made with the platform's certificate, so the signer is the name they signed with.
  const who = signature.signingName ?? signer?.commonName ?? i18n._(msg`Unknown signer`)
  const email = signature.contactInfo ?? signer?.email
  return (
    <VerdictCard entry={signature}>
      <p className={styles.lead}>
        <Trans>
          Signature {index + 1} by {who}
        </Trans>
      </p>
      <dl className={styles.facts}>
        {email ? (
          <>
            <dt>
              <Trans>E-mail</Trans>
            </dt>
            <dd>{email}</dd>
          </>
        ) : null}
        {signature.reason ? (
          <>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{signature.reason}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Signed at</Trans>
        </dt>
        <dd>
          {signature.timestamp?.verified ? (
            <Trans>
              {formatDateTime(signature.timestamp.time, locale)}, confirmed by the timestamp of{' '}
              {signature.timestamp.authority ?? '?'}
            </Trans>
          ) : signature.signingTime ? (
            <Trans>
              {formatDateTime(signature.signingTime, locale)}, as the signer's software claims (no verified
              timestamp)
            </Trans>
          ) : (
            <Trans>Not stated</Trans>
          )}
        </dd>
        <dt>
          <Trans>Quality</Trans>
        </dt>
        <dd>
          {i18n._(qualityNames[signature.quality])}
          {signature.demo ? (
            <span className={styles.demo}>
              {' '}
              <Trans>(demo certificate of a test system: not for legal use)</Trans>
            </span>
          ) : null}
        </dd>
        {signature.revocation ? (
          <>
            <dt>
              <Trans>Revocation</Trans>
            </dt>
            <dd>
              {signature.revocation.status === 'good' ? (
                <Trans>Not revoked, as the revocation data in the document says</Trans>
              ) : signature.revocation.status === 'revoked' ? (
                <Trans>
                  Revoked on {formatDateTime(signature.revocation.revokedAt ?? '', locale)}, as the revocation
                  data in the document says
                </Trans>
              ) : (
                <Trans>Not known: the document carries no revocation data for this certificate</Trans>
              )}
            </dd>
          </>
        ) : null}
        {signature.level ? (
          <>
            <dt>
              <Trans>Level</Trans>
            </dt>
            <dd>{i18n._(levelTexts[signature.level])}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Certificate</Trans>
        </dt>
        <dd>
          {!signer ? (
            <Trans>Missing</Trans>
          ) : signature.trusted ? (
            <Trans>
              {signer.commonName ?? '?'}, issued by {signer.issuerCommonName ?? '?'}, whose chain leads to a
              trusted authority
            </Trans>
          ) : (
            <Trans>
              {signer.commonName ?? '?'}, issued by {signer.issuerCommonName ?? '?'}, which is not a trusted
              authority here
            </Trans>
          )}
        </dd>
      </dl>
    </VerdictCard>
  )
}

/**
 * A document timestamp (PAdES B-LTA): a timestamp authority's proof that the document, its signatures and
 * their validation data existed at that time, so they can be checked after their certificates expire.
 */
function ArchiveTimestampCard({ timestamp }: { timestamp: ValidatedSignature }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const authority = timestamp.signer?.commonName ?? timestamp.timestamp?.authority ?? '?'
  return (
    <VerdictCard entry={timestamp} titles={timestampTitles}>
      <p className={styles.lead}>
        <Trans>Archive timestamp by {authority}</Trans>
      </p>
      <p className={styles.explanation}>
        <Trans>
          It proves that the document, its signatures and the data to check them existed at this time, so the
          signatures can be checked after their certificates expire.
        </Trans>
      </p>
      <dl className={styles.facts}>
        <dt>
          <Trans>Timestamped at</Trans>
        </dt>
        <dd>
          {timestamp.timestamp ? formatDateTime(timestamp.timestamp.time, locale) : <Trans>Not stated</Trans>}
        </dd>
      </dl>
    </VerdictCard>
  )
}

/** /validate: anyone drops a signed PDF and sees, per signature, whether it holds and who signed when. */
export function ValidateScreen() {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const inputId = useId()
  const [file, setFile] = useState<File>()
  const fileName = file?.name
  const check = useMutation({ mutationFn: (file: File) => validate(api, file) })
  const xml = useMutation({
    mutationFn: (file: File) => validationXml(api, file),
    onSuccess: (report, file) => {
      const document = file.name.replace(/\.pdf$/i, '')
      saveFile(report, t`${document} validation report.xml`)
    },
  })

  const start = (file: File | undefined) => {
    if (!file) return
    setFile(file)
    xml.reset()
    check.mutate(file)
  }
  const xmlFailure = xml.error ? errorCode(xml.error) : undefined
  const failure = check.error ? errorCode(check.error) : undefined
  const report = check.data
  const signatures = report?.signatures.filter((signature) => signature.kind === 'signature') ?? []

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>
          <Trans>Validate a signed PDF</Trans>
        </h1>
      </header>
      <p className={styles.intro}>
        <Trans>
          Check every signature of a PDF, signed here or elsewhere: whether the document is still what was
          signed, who signed it, when, and with which quality. The file is checked and forgotten; it is not
          stored.
        </Trans>
      </p>
      <FileDrop
        prompt={<Trans>Drop a signed PDF here, or</Trans>}
        buttonLabel={<Trans>Choose a PDF</Trans>}
        accept="application/pdf,.pdf"
        onFiles={(files) => start(files[0])}
      />
      {check.isPending ? (
        <p role="status" className={styles.note}>
          <Trans>Checking {fileName}…</Trans>
        </p>
      ) : failure ? (
        <FormAlert>{i18n._(validationErrorMessage(failure))}</FormAlert>
      ) : report ? (
        <section aria-labelledby={`${inputId}-result`} className={styles.result}>
          <h2 id={`${inputId}-result`}>
            {signatures.length === 0 ? (
              <Trans>{fileName} has no signatures</Trans>
            ) : (
              <Plural
                value={signatures.length}
                one={`${fileName} has # signature`}
                other={`${fileName} has # signatures`}
              />
            )}
          </h2>
          {file ? (
            <div className={styles.downloads}>
              <BusyButton variant="secondary" busy={xml.isPending} onClick={() => xml.mutate(file)}>
                <Trans>Download the report as ETSI XML</Trans>
              </BusyButton>
              <span className={styles.note}>
                <Trans>ETSI TS 119 102-2, for other validators and archives</Trans>
              </span>
            </div>
          ) : null}
          {xmlFailure ? <FormAlert>{i18n._(validationErrorMessage(xmlFailure))}</FormAlert> : null}
          <ol className={styles.cards}>
            {signatures.map((signature, index) => (
              <SignatureCard key={signature.fieldName} signature={signature} index={index} />
            ))}
            {report.signatures
              .filter((signature) => signature.kind === 'document_timestamp')
              .map((timestamp) => (
                <ArchiveTimestampCard key={timestamp.fieldName} timestamp={timestamp} />
              ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}
