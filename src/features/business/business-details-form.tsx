import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useMemo, useState } from 'react'
import * as v from 'valibot'
import { billingAddressSchema, createBusinessSchema } from '../../../contract/businesses.ts'
import { camelKey } from '../../../contract/case.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { countryList } from '../../i18n/countries.ts'
import { resolveLocale } from '../../i18n/locales.ts'
import { platformRegion } from '../../i18n/region.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'

/** The fields of the company and its billing address, as the form holds them. */
export interface BusinessDetails {
  name: string
  email: string
  phone: string
  address1: string
  address2: string
  postalCode: string
  city: string
  country: string
  vat: string
}
type Field = keyof BusinessDetails

/**
 * The form of a business about to be opened: empty but for the opener's address, in the country of the
 * platform's region (Switzerland, or Germany on the EU platform).
 */
export function newBusinessDetails(email: string): BusinessDetails {
  const country = platformRegion(window.location.hostname) === 'EU' ? 'DE' : 'CH'
  return {
    name: '',
    email,
    phone: '',
    address1: '',
    address2: '',
    postalCode: '',
    city: '',
    country,
    vat: '',
  }
}

/** The company and billing address (POST /v2/businesses) of the form's values. */
export function businessData(values: BusinessDetails) {
  const { name, email, phone, ...billing } = values
  return { name, email, phone, billing }
}

/** The form's field an issue path names (`billing.postal_code` and `billing.postalCode` are `postalCode`). */
function fieldOf(path: string | undefined): Field | undefined {
  const last = path?.split('.').at(-1)
  const key = last === undefined ? undefined : camelKey(last)
  const fields: readonly string[] = [
    'name',
    'email',
    'phone',
    'address1',
    'address2',
    'postalCode',
    'city',
    'country',
    'vat',
  ]
  return fields.includes(key ?? '') ? (key as Field) : undefined
}

/**
 * The company's name, contact and billing address, checked with the contract's own schema before it is
 * sent and with the server's answer after: each error shows at its field.
 */
export function BusinessDetailsForm({
  initial,
  part = 'all',
  submitLabel,
  onSubmit,
}: {
  initial: BusinessDetails
  /** The whole of it (opening a business), or the billing address alone (the business profile). */
  part?: 'all' | 'billing'
  submitLabel: ReactNode
  onSubmit: (values: BusinessDetails) => Promise<void>
}) {
  const { i18n, t } = useLingui()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, MessageDescriptor>>>({})
  const [formError, setFormError] = useState<MessageDescriptor>()
  const [saving, setSaving] = useState(false)
  const countries = useMemo(
    () => countryList(resolveLocale(i18n.locale) ?? 'en-gb', platformRegion(window.location.hostname)),
    [i18n.locale],
  )
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value })
    setErrors({ ...errors, [field]: undefined })
  }
  const messageOf = (field: Field) => (errors[field] ? i18n._(errors[field]) : undefined)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const data = businessData(values)
    const checked =
      part === 'all'
        ? v.safeParse(createBusinessSchema, data, { abortEarly: false })
        : v.safeParse(billingAddressSchema, data.billing, { abortEarly: false })
    if (!checked.success) {
      const found: Partial<Record<Field, MessageDescriptor>> = {}
      for (const issue of checked.issues) {
        const field = fieldOf(issue.path?.map((p) => String(p.key)).join('.'))
        if (field === undefined || found[field]) continue
        found[field] =
          values[field].trim() === ''
            ? formMessages.required
            : field === 'email'
              ? formMessages.email
              : formMessages.invalidFormat
      }
      setErrors(found)
      return
    }
    setSaving(true)
    setFormError(undefined)
    try {
      await onSubmit(values)
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error.field) : undefined
      if (field) setErrors({ [field]: formMessages.invalidFormat })
      else setFormError(businessErrorMessage(errorCode(error)))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {formError ? <FormAlert>{i18n._(formError)}</FormAlert> : null}
      {part === 'all' ? (
        <fieldset className={styles.fieldset}>
          <legend>
            <Trans>Company</Trans>
          </legend>
          <TextField
            label={<Trans>Company name</Trans>}
            name="name"
            autoComplete="organization"
            required
            maxLength={120}
            value={values.name}
            onChange={set('name')}
            error={messageOf('name')}
          />
          <div className={styles.row}>
            <TextField
              label={<Trans>Company e-mail</Trans>}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={set('email')}
              error={messageOf('email')}
            />
            <TextField
              label={<Trans>Phone</Trans>}
              name="phone"
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={set('phone')}
              error={messageOf('phone')}
              helper={t`Optional`}
            />
          </div>
        </fieldset>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend>
          <Trans>Billing address</Trans>
        </legend>
        <TextField
          label={<Trans>Street and number</Trans>}
          name="address1"
          autoComplete="address-line1"
          required
          maxLength={200}
          value={values.address1}
          onChange={set('address1')}
          error={messageOf('address1')}
        />
        <TextField
          label={<Trans>Address line 2</Trans>}
          name="address2"
          autoComplete="address-line2"
          maxLength={200}
          value={values.address2}
          onChange={set('address2')}
          error={messageOf('address2')}
          helper={t`Optional`}
        />
        <div className={styles.row}>
          <TextField
            label={<Trans>Postal code</Trans>}
            name="postalCode"
            autoComplete="postal-code"
            required
            maxLength={20}
            value={values.postalCode}
            onChange={set('postalCode')}
            error={messageOf('postalCode')}
          />
          <TextField
            label={<Trans>City</Trans>}
            name="city"
            autoComplete="address-level2"
            required
            maxLength={100}
            value={values.city}
            onChange={set('city')}
            error={messageOf('city')}
          />
        </div>
        <div className={styles.row}>
          <SelectField
            label={<Trans>Country</Trans>}
            value={values.country}
            options={countries.map((c) => ({ value: c.code, label: c.name }))}
            onChange={(country) => setValues({ ...values, country })}
          />
          <TextField
            label={<Trans>VAT number</Trans>}
            name="vat"
            maxLength={40}
            value={values.vat}
            onChange={set('vat')}
            error={messageOf('vat')}
            helper={t`Optional`}
          />
        </div>
      </fieldset>
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={saving}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  )
}
