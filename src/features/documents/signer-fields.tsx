import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import * as v from 'valibot'
import type { SignerInvite } from '../../../contract/signature-requests.ts'
import { emailSchema } from '../../../contract/user.ts'
import {
  defaultLocale,
  localeNames,
  resolveLocale,
  type SupportedLocale,
  supportedLocales,
} from '../../i18n/locales.ts'
import { formMessages } from '../../ui/form/form-messages.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { useEmailSuggestions } from './email-suggestions.ts'

/** What the signer fields hold. */
export interface SignerFieldValues {
  email: string
  firstName: string
  lastName: string
  /** The language of the signer's mails and page. */
  language: SupportedLocale
}

/** The fields' values as a signer invite, or null (and the field error shown) when the address is not valid. */
export function toSignerInvite(values: SignerFieldValues): SignerInvite | null {
  const email = v.safeParse(emailSchema, values.email)
  if (!email.success) return null
  const firstName = values.firstName.trim() || undefined
  const lastName = values.lastName.trim() || undefined
  return {
    signerIdentityData: { emailAddress: email.output, firstName, lastName, language: values.language },
  }
}

/**
 * The state of the signer fields and whether their address was found wrong on submit. The signer's language is
 * the sender's to start with.
 */
export function useSignerFields() {
  const { i18n } = useLingui()
  const [values, setValues] = useState<SignerFieldValues>({
    email: '',
    firstName: '',
    lastName: '',
    language: resolveLocale(i18n.locale, true) ?? defaultLocale,
  })
  const [checked, setChecked] = useState(false)
  return { values, setValues, checked, setChecked }
}

/**
 * The e-mail address (with suggestions of addresses the user has worked with, GET
 * /v1/email_input_autocomplete), the optional names of a person who is to sign and the language they are
 * written to in (Italian too: it is offered to signers, SPEC §9).
 */
export function SignerFields({
  values,
  onChange,
  checked,
  disabled,
}: {
  values: SignerFieldValues
  onChange: (values: SignerFieldValues) => void
  /** Shows the address's error once the user tried to submit. */
  checked: boolean
  disabled?: boolean
}) {
  const { i18n } = useLingui()
  const listId = useId()
  const suggestions = useEmailSuggestions(values.email)
  const emailError = !checked
    ? undefined
    : values.email.trim() === ''
      ? i18n._(formMessages.required)
      : toSignerInvite(values) === null
        ? i18n._(formMessages.email)
        : undefined
  return (
    <>
      <TextField
        label={<Trans>E-mail address</Trans>}
        type="email"
        name="email"
        autoComplete="off"
        list={listId}
        required
        value={values.email}
        onChange={(event) => onChange({ ...values, email: event.target.value })}
        error={emailError}
        disabled={disabled}
      />
      <datalist id={listId}>
        {suggestions.map((email) => (
          <option key={email} value={email} />
        ))}
      </datalist>
      <TextField
        label={<Trans>First name (optional)</Trans>}
        name="firstName"
        autoComplete="off"
        value={values.firstName}
        onChange={(event) => onChange({ ...values, firstName: event.target.value })}
        disabled={disabled}
      />
      <TextField
        label={<Trans>Last name (optional)</Trans>}
        name="lastName"
        autoComplete="off"
        value={values.lastName}
        onChange={(event) => onChange({ ...values, lastName: event.target.value })}
        disabled={disabled}
      />
      <SelectField
        label={<Trans>Language of their e-mails and page</Trans>}
        value={values.language}
        options={supportedLocales.map((locale) => ({
          value: locale,
          label: localeNames[locale],
          lang: locale,
        }))}
        onChange={(language) => onChange({ ...values, language })}
        disabled={disabled}
      />
    </>
  )
}
