import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import type { Aes4Biz, Business } from '../../../contract/businesses.ts'
import { emailSchema } from '../../../contract/user.ts'
import { aes4bizQueryOptions, refreshBusiness, updateAes4biz } from '../../api/business.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { buttonClass } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'
import { BusinessPage } from './business-page.tsx'

type Field = 'representativeName' | 'representativeEmail' | 'commercialRegister' | 'domains'
type Errors = Partial<Record<Field | 'form', MessageDescriptor>>

const fieldOfWire: Record<string, Field> = {
  representative_name: 'representativeName',
  representative_email: 'representativeEmail',
  commercial_register: 'commercialRegister',
  domains: 'domains',
}

const chooseDomain = msg`Choose at least one domain.`

/** What is missing or wrong before saving: switched on, everything is needed; an address must be one. */
function check(values: Aes4Biz): Errors {
  const errors: Errors = {}
  const on = values.enabled
  if (on && values.representativeName.trim() === '') errors.representativeName = formMessages.required
  const email = values.representativeEmail.trim()
  if (email !== '' && !v.is(emailSchema, email)) errors.representativeEmail = formMessages.email
  else if (on && email === '') errors.representativeEmail = formMessages.required
  if (on && values.commercialRegister.trim() === '') errors.commercialRegister = formMessages.required
  if (on && values.domains.length === 0) errors.domains = chooseDomain
  return errors
}

/** A refused save, at the field the server named. */
function refusal(error: unknown): Errors {
  const code = errorCode(error)
  const wire = error instanceof ApiError ? error.field?.split('.')[0] : undefined
  const field = wire === undefined ? undefined : fieldOfWire[wire]
  const message = businessErrorMessage(code)
  return field === undefined ? { form: message } : { [field]: message }
}

function Aes4BizForm({ business, initial }: { business: Business; initial: Aes4Biz }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)
  const ownDomains = business.admin?.domains ?? []
  const shown = (field: Field | 'form') => {
    const message = errors[field]
    return message ? i18n._(message) : undefined
  }
  const set = <K extends keyof Aes4Biz>(key: K, value: Aes4Biz[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined, form: undefined }))
  }
  const toggleDomain = (domain: string, chosen: boolean) =>
    set('domains', chosen ? [...values.domains, domain].sort() : values.domains.filter((d) => d !== domain))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = check(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      const saved = await updateAes4biz(api, business.id, values)
      setValues(saved)
      queryClient.setQueryData(aes4bizQueryOptions(api, business.id).queryKey, saved)
      await refreshBusiness(queryClient, business.id)
      showSnackbar(ui.snackbars, {
        message: saved.enabled ? msg`AES for business is on` : msg`AES for business is off`,
        color: 'success',
      })
    } catch (error) {
      setErrors(refusal(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {errors.form ? <FormAlert>{shown('form')}</FormAlert> : null}
      <section className={styles.card} aria-labelledby="aes-representative-heading">
        <h2 id="aes-representative-heading">
          <Trans>Representative</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>
            The person who answers for your business's word, and where your business is registered.
          </Trans>
        </p>
        <div className={styles.row}>
          <TextField
            label={<Trans>Name of the representative</Trans>}
            name="representativeName"
            autoComplete="off"
            value={values.representativeName}
            onChange={(e) => set('representativeName', e.target.value)}
            error={shown('representativeName')}
          />
          <TextField
            label={<Trans>E-mail of the representative</Trans>}
            type="email"
            name="representativeEmail"
            autoComplete="off"
            value={values.representativeEmail}
            onChange={(e) => set('representativeEmail', e.target.value)}
            error={shown('representativeEmail')}
          />
        </div>
        <TextField
          label={<Trans>Commercial register entry</Trans>}
          name="commercialRegister"
          autoComplete="off"
          helper={<Trans>The number your business is registered under, such as CHE-123.456.789.</Trans>}
          value={values.commercialRegister}
          onChange={(e) => set('commercialRegister', e.target.value)}
          error={shown('commercialRegister')}
        />
      </section>
      <section className={styles.card} aria-labelledby="aes-domains-heading">
        <h2 id="aes-domains-heading">
          <Trans>Domains</Trans>
        </h2>
        {ownDomains.length === 0 ? (
          <>
            <p className={styles.muted}>
              <Trans>
                Your business has no domains yet. Add the domains of your e-mail addresses first: you can
                vouch only for people at your own domains.
              </Trans>
            </p>
            <Link
              to="/business/members/domains"
              className={`${buttonClass({ variant: 'secondary' })} ${styles.cardButton}`}
            >
              <Trans>Add a domain</Trans>
            </Link>
          </>
        ) : (
          <>
            <p className={styles.muted}>
              <Trans>
                People whose confirmed e-mail address is at a chosen domain sign your business's requests with
                AES.
              </Trans>
            </p>
            <fieldset className={styles.fieldset}>
              <legend className="visually-hidden">
                <Trans>Vouch for the people at</Trans>
              </legend>
              {ownDomains.map((domain) => (
                <CheckboxField
                  key={domain}
                  label={domain}
                  name="domains"
                  value={domain}
                  checked={values.domains.includes(domain)}
                  onChange={(e) => toggleDomain(domain, e.target.checked)}
                />
              ))}
            </fieldset>
            <p className={styles.muted}>
              <Link to="/business/members/domains">
                <Trans>Manage your domains</Trans>
              </Link>
            </p>
          </>
        )}
        {errors.domains ? <FormAlert>{shown('domains')}</FormAlert> : null}
      </section>
      <section className={styles.card} aria-labelledby="aes-switch-heading">
        <h2 id="aes-switch-heading">
          <Trans>Vouching</Trans>
        </h2>
        <CheckboxField
          label={<Trans>Vouch for the people at the chosen domains</Trans>}
          checked={values.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
        />
        <p className={styles.muted}>
          {values.enabled ? (
            <Trans>
              Their advanced signatures on your business's requests carry a certificate that names{' '}
              {business.name}.
            </Trans>
          ) : (
            <Trans>Off: people sign with AES only once they have identified themselves.</Trans>
          )}
        </p>
      </section>
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={saving}>
          <Trans>Save</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

function Aes4BizSettings({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data, error } = useQuery(aes4bizQueryOptions(api, business.id))
  if (error) return <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert>
  if (!data) return null
  return <Aes4BizForm business={business} initial={data} />
}

/**
 * /business/profile/aes-for-business (SPEC §3 aes4biz): the business vouches for the people of the domains
 * its admins choose, who then sign its requests with an advanced signature; its representative answers for it.
 */
export function AesForBusinessScreen() {
  return (
    <BusinessPage
      title={<Trans>AES for business</Trans>}
      lead={
        <Trans>
          Your business vouches for the people at its own domains: they sign its requests with an advanced
          electronic signature (AES) without identifying themselves first.
        </Trans>
      }
    >
      {(business) => <Aes4BizSettings business={business} />}
    </BusinessPage>
  )
}
