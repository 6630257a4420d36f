import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { Business } from '../../../../contract/businesses.ts'
import { maxSealLabelLength, type SealDetail, type SealMember } from '../../../../contract/seals.ts'
import { errorCode } from '../../../api/error-messages.ts'
import {
  changeSealMembers,
  putSeal,
  refreshSeals,
  removeSealImage,
  sealImageQueryOptions,
  sealQueryOptions,
  uploadSealImage,
} from '../../../api/seals.ts'
import { formatDateTime, resolveLocale } from '../../../i18n/locales.ts'
import { BusyButton } from '../../../ui/button/busy-button.tsx'
import { Button, buttonClass } from '../../../ui/button/button.tsx'
import { useObjectUrl } from '../../../ui/file/use-object-url.ts'
import { FormAlert } from '../../../ui/form/form-alert.tsx'
import { formMessages } from '../../../ui/form/form-messages.ts'
import { SelectField } from '../../../ui/form/select-field.tsx'
import { TextField } from '../../../ui/form/text-field.tsx'
import { showSnackbar } from '../../../ui/snackbar/show-snackbar.ts'
import styles from '../business.module.css'
import { BusinessPage } from '../business-page.tsx'
import { sealErrorMessage, sealQualityNames } from './seal-messages.ts'
import sealStyles from './seals.module.css'

const route = getRouteApi('/business/seals/$accountname')

/** What each card gets: the seal, and how to show the seal a change answered. */
type CardProps = { business: Business; seal: SealDetail; onChange: (next: SealDetail) => void }

/** Runs a change of the seal with a busy flag and its answer shown; a snackbar says it is done (snackbars carry no values). */
function useSealChange(onChange: (next: SealDetail) => void) {
  const { i18n } = useLingui()
  const { ui } = useRouteContext({ from: '__root__' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const run = async (work: () => Promise<SealDetail>, done: ReturnType<typeof msg>) => {
    setBusy(true)
    setError(undefined)
    try {
      onChange(await work())
      showSnackbar(ui.snackbars, { message: done, color: 'success' })
      return true
    } catch (failure) {
      setError(i18n._(sealErrorMessage(errorCode(failure))))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, setError, run }
}

function LabelCard({ business, seal, onChange }: CardProps) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const [label, setLabel] = useState(seal.label)
  const { busy, error, setError, run } = useSealChange(onChange)
  const save = (event: FormEvent) => {
    event.preventDefault()
    if (label.trim() === '') return setError(i18n._(formMessages.required))
    void run(() => putSeal(api, business.id, seal.name, label.trim()), msg`Label saved`)
  }
  return (
    <form className={styles.card} onSubmit={save} noValidate aria-labelledby="seal-label-heading">
      <h2 id="seal-label-heading">
        <Trans>Label</Trans>
      </h2>
      <div className={styles.inline}>
        <TextField
          label={<Trans>Label</Trans>}
          name="label"
          autoComplete="off"
          maxLength={maxSealLabelLength}
          value={label}
          onChange={(event) => {
            setLabel(event.target.value)
            setError(undefined)
          }}
          helper={
            <Trans>A new label gets a new certificate naming it; documents sealed before stay valid.</Trans>
          }
          error={error}
        />
        <BusyButton type="submit" busy={busy} disabled={label.trim() === seal.label}>
          <Trans>Save label</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

/** The stored image as an object URL, while the card shows it. */
function useImageUrl(business: Business, seal: SealDetail): string | undefined {
  const { api } = useRouteContext({ from: '__root__' })
  const { data } = useQuery({
    ...sealImageQueryOptions(api, business.id, seal.name, seal.image?.version ?? ''),
    enabled: seal.image !== null,
  })
  return useObjectUrl(seal.image === null ? undefined : data)
}

function ImageCard({ business, seal, onChange }: CardProps) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { busy, error, run } = useSealChange(onChange)
  const url = useImageUrl(business, seal)
  return (
    <section className={styles.card} aria-labelledby="seal-image-heading" aria-busy={busy}>
      <h2 id="seal-image-heading">
        <Trans>Image</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          A PNG or JPEG file of up to 1 MB, such as your company stamp. It is drawn beside the label in every
          document the seal signs.
        </Trans>
      </p>
      {url ? (
        <img className={sealStyles.preview} src={url} alt={i18n._(msg`Image of the seal ${seal.label}`)} />
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={styles.toolbar}>
        <label className={`${buttonClass({ variant: 'secondary' })} ${styles.filePicker}`}>
          {seal.image ? <Trans>Choose another image</Trans> : <Trans>Choose an image</Trans>}
          <input
            type="file"
            className="visually-hidden"
            accept="image/png,image/jpeg"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void run(() => uploadSealImage(api, business.id, seal.name, file), msg`Image saved`)
            }}
          />
        </label>
        {seal.image ? (
          <Button
            variant="text"
            disabled={busy}
            onClick={() => void run(() => removeSealImage(api, business.id, seal.name), msg`Image removed`)}
          >
            <Trans>Remove image</Trans>
          </Button>
        ) : null}
      </div>
    </section>
  )
}

function MemberName({ member }: { member: SealMember }) {
  return (
    <span className={sealStyles.member}>
      <span>
        {member.name}
        {member.kind === 'api' ? (
          <span className={sealStyles.kind}>
            <Trans>API user</Trans>
          </span>
        ) : null}
      </span>
      {member.email && member.email !== member.name ? (
        <span className={styles.muted}>{member.email}</span>
      ) : null}
    </span>
  )
}

function MembersCard({ business, seal, onChange }: CardProps) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { busy, error, run } = useSealChange(onChange)
  const [chosen, setChosen] = useState('')
  const candidate = seal.candidates.find((c) => c.id === chosen)
  const allow = async (event: FormEvent) => {
    event.preventDefault()
    if (!candidate) return
    const done = await run(
      () => changeSealMembers(api, business.id, seal.name, [candidate.id], true),
      msg`Allowed to use the seal`,
    )
    if (done) setChosen('')
  }
  const describe = (member: SealMember) =>
    member.kind === 'api'
      ? i18n._(msg`${member.name} (API user)`)
      : member.email && member.email !== member.name
        ? `${member.name} (${member.email})`
        : member.name
  return (
    <section className={styles.card} aria-labelledby="seal-members-heading" aria-busy={busy}>
      <h2 id="seal-members-heading">
        <Trans>Who may use it</Trans>
      </h2>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {seal.members.length === 0 ? (
        <p className={styles.muted}>
          <Trans>Nobody yet: allow people or API users of your business below.</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {seal.members.map((member) => (
            <li key={member.id}>
              <MemberName member={member} />
              <Button
                variant="text"
                size="sm"
                disabled={busy}
                aria-label={i18n._(msg`Remove ${member.name}`)}
                onClick={() =>
                  void run(
                    () => changeSealMembers(api, business.id, seal.name, [member.id], false),
                    msg`No longer allowed to use the seal`,
                  )
                }
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {seal.candidates.length === 0 ? (
        <p className={styles.muted}>
          <Trans>Everyone of your business may use this seal.</Trans>
        </p>
      ) : (
        <form className={styles.inline} onSubmit={allow} noValidate>
          <SelectField
            label={<Trans>Allow someone</Trans>}
            value={chosen}
            options={[
              { value: '', label: i18n._(msg`Choose a person or API user`) },
              ...seal.candidates.map((c) => ({ value: c.id, label: describe(c) })),
            ]}
            onChange={setChosen}
          />
          <BusyButton type="submit" busy={busy} disabled={!candidate}>
            <Trans>Allow</Trans>
          </BusyButton>
        </form>
      )}
    </section>
  )
}

function CertificateCard({ seal }: { seal: SealDetail }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const { certificate } = seal
  return (
    <section className={styles.card} aria-labelledby="seal-certificate-heading">
      <h2 id="seal-certificate-heading">
        <Trans>Certificate</Trans>
      </h2>
      {certificate.demo ? (
        <p className={styles.notice}>
          <Trans>This is a test system: the certificate is a demo one, not for legal use.</Trans>
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>
          <Trans>Quality</Trans>
        </dt>
        <dd>
          <span className={sealStyles.quality} data-quality={seal.quality}>
            {i18n._(sealQualityNames[seal.quality])}
          </span>
        </dd>
        <dt>
          <Trans>Subject</Trans>
        </dt>
        <dd>{certificate.subject}</dd>
        <dt>
          <Trans>Issued by</Trans>
        </dt>
        <dd>{certificate.issuer}</dd>
        <dt>
          <Trans>Valid from</Trans>
        </dt>
        <dd>{formatDateTime(certificate.validFrom, locale)}</dd>
        <dt>
          <Trans>Valid until</Trans>
        </dt>
        <dd>{formatDateTime(certificate.validUntil, locale)}</dd>
        <dt>
          <Trans>Serial number</Trans>
        </dt>
        <dd>{certificate.serialNumber}</dd>
      </dl>
    </section>
  )
}

function SealDetails({ business, name }: { business: Business; name: string }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const query = sealQueryOptions(api, business.id, name)
  const { data: seal, error } = useQuery(query)
  if (error) return <FormAlert>{i18n._(sealErrorMessage(errorCode(error)))}</FormAlert>
  if (!seal) return null
  const onChange = (next: SealDetail) => {
    queryClient.setQueryData(query.queryKey, next)
    void refreshSeals(queryClient, business.id)
  }
  return (
    <>
      <LabelCard key={seal.label} business={business} seal={seal} onChange={onChange} />
      <ImageCard business={business} seal={seal} onChange={onChange} />
      <MembersCard business={business} seal={seal} onChange={onChange} />
      <CertificateCard seal={seal} />
    </>
  )
}

/** /business/seals/{accountname}: one seal's label, image, who may use it, and its certificate. */
export function BusinessSealScreen() {
  const { accountname } = route.useParams()
  return (
    <BusinessPage
      title={<Trans>Seal {accountname}</Trans>}
      lead={
        <Link to="/business/seals" className={sealStyles.back}>
          <Trans>All seals</Trans>
        </Link>
      }
    >
      {(business) => <SealDetails business={business} name={accountname} />}
    </BusinessPage>
  )
}
