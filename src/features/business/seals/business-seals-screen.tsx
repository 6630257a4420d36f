import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { Business } from '../../../../contract/businesses.ts'
import { maxSealLabelLength, type Seal, sealNamePattern } from '../../../../contract/seals.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { putSeal, refreshSeals, sealsQueryOptions } from '../../../api/seals.ts'
import { BusyButton } from '../../../ui/button/busy-button.tsx'
import { FormAlert } from '../../../ui/form/form-alert.tsx'
import { formMessages } from '../../../ui/form/form-messages.ts'
import { TextField } from '../../../ui/form/text-field.tsx'
import { showSnackbar } from '../../../ui/snackbar/show-snackbar.ts'
import styles from '../business.module.css'
import { BusinessPage } from '../business-page.tsx'
import { sealErrorMessage, sealQualityNames } from './seal-messages.ts'
import sealStyles from './seals.module.css'

type Errors = { name?: string; label?: string; form?: string }

function NewSeal({ business, seals }: { business: Business; seals: readonly Seal[] }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [label, setLabel] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)

  const create = async (event: FormEvent) => {
    event.preventDefault()
    const wanted = name.trim()
    const checked: Errors = {
      name:
        wanted === ''
          ? i18n._(formMessages.required)
          : !sealNamePattern.test(wanted)
            ? i18n._(msg`Use 3 to 40 lowercase letters, digits and dashes.`)
            : seals.some((seal) => seal.name === wanted)
              ? i18n._(msg`You have a seal of this name already.`)
              : undefined,
      label: label.trim() === '' ? i18n._(formMessages.required) : undefined,
    }
    setErrors(checked)
    if (checked.name || checked.label) return
    setSaving(true)
    try {
      await putSeal(api, business.id, wanted, label.trim())
      await refreshSeals(queryClient, business.id)
      showSnackbar(ui.snackbars, { message: msg`Seal created`, color: 'success' })
      await navigate({ to: '/business/seals/$accountname', params: { accountname: wanted } })
    } catch (failure) {
      const code = errorCode(failure)
      const message = i18n._(sealErrorMessage(code))
      setErrors(code === 'seal.name_taken' ? { name: message } : { form: message })
    } finally {
      setSaving(false)
    }
  }
  return (
    <form className={styles.card} onSubmit={create} noValidate aria-labelledby="new-seal">
      <h2 id="new-seal">
        <Trans>Create a seal</Trans>
      </h2>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <div className={styles.row}>
        <TextField
          label={<Trans>Account name</Trans>}
          name="accountName"
          autoComplete="off"
          spellCheck={false}
          placeholder="legal-department"
          maxLength={40}
          value={name}
          onChange={(event) => {
            setName(event.target.value.toLowerCase())
            setErrors({ ...errors, name: undefined })
          }}
          helper={<Trans>How programs name the seal. Lowercase letters, digits and dashes; it stays.</Trans>}
          error={errors.name}
        />
        <TextField
          label={<Trans>Label</Trans>}
          name="label"
          autoComplete="off"
          placeholder={business.name}
          maxLength={maxSealLabelLength}
          value={label}
          onChange={(event) => {
            setLabel(event.target.value)
            setErrors({ ...errors, label: undefined })
          }}
          helper={<Trans>Shown in every document the seal signs, and named by its certificate.</Trans>}
          error={errors.label}
        />
      </div>
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={saving}>
          <Trans>Create seal</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

function SealList({ seals }: { seals: readonly Seal[] }) {
  const { i18n } = useLingui()
  return (
    <section className={styles.card} aria-labelledby="seals-heading">
      <h2 id="seals-heading">
        <Trans>Your seals</Trans>
      </h2>
      {seals.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No seals yet. Create one below.</Trans>
        </p>
      ) : (
        <ul className={sealStyles.seals}>
          {seals.map((seal) => (
            <li key={seal.name}>
              <Link
                to="/business/seals/$accountname"
                params={{ accountname: seal.name }}
                className={sealStyles.sealLink}
              >
                {seal.label}
              </Link>
              <span className={styles.muted}>{seal.name}</span>
              <span className={sealStyles.facts}>
                <span className={sealStyles.quality} data-quality={seal.quality}>
                  {i18n._(sealQualityNames[seal.quality])}
                </span>
                <span className={styles.muted}>
                  <Plural value={seal.nMembers} one="# person" other="# people" />
                  {' · '}
                  <Plural value={seal.nApi} one="# API user" other="# API users" />
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Seals({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: seals, error } = useQuery(sealsQueryOptions(api, business.id))
  if (error) return <FormAlert>{i18n._(sealErrorMessage(errorCode(error)))}</FormAlert>
  if (!seals) return null
  return (
    <>
      <SealList seals={seals} />
      <NewSeal business={business} seals={seals} />
    </>
  )
}

/** /business/seals: the business's seals (SPEC §3 Seal) and a form to create one. */
export function BusinessSealsScreen() {
  return (
    <BusinessPage
      title={<Trans>Seals</Trans>}
      lead={
        <Trans>
          A seal signs documents in the name of your organisation: its certificate names your business, not a
          person. Choose who may use each seal.
        </Trans>
      }
    >
      {(business) => <Seals business={business} />}
    </BusinessPage>
  )
}
