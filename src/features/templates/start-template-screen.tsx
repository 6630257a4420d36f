import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import {
  checkedValue,
  directSignerDataKinds,
  formValueMaxLength,
  formValueProblem,
} from '../../../contract/form-fields.ts'
import type { TemplateView } from '../../../contract/templates.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { useKindLabel } from '../../ui/signature-fields/kind-label.ts'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'
import { getTemplateQueryOptions, type RolePerson, useStartFromTemplate } from './templates-query.ts'

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * `/templates/{id}/start` (issue 41 §1): the sender names a person for each of the template's roles; the request
 * is made as a draft with copies of the template's documents and opens in the request's screen to send.
 */
export function StartTemplateScreen({ id }: { id: string }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const template = useQuery(getTemplateQueryOptions(api, id))
  return (
    <div className={styles.page}>
      {template.isError ? (
        <FormAlert>{i18n._(templateErrorMessage(errorCode(template.error)))}</FormAlert>
      ) : template.data === undefined ? (
        <p className={styles.muted}>
          <Trans>Loading template…</Trans>
        </p>
      ) : (
        <PeopleForm template={template.data} />
      )}
    </div>
  )
}

type Prefillable = TemplateView['roles'][number]['formFields'][number]

/** Whether the sender may give the field's value beforehand: not a direct-link signer's own name or e-mail. */
const takesValue = (field: Prefillable) => !directSignerDataKinds.includes(field.kind)

function PeopleForm({ template }: { template: TemplateView }) {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const prefillable = template.roles.flatMap((role) => role.formFields.filter(takesValue))
  const start = useStartFromTemplate(api)
  const [people, setPeople] = useState<RolePerson[]>(
    template.roles.map((role) => ({ role: role.name, email: '', firstName: '', lastName: '' })),
  )
  // Values given now for the roles' fields, by field id: the template's own to begin with.
  const [values, setValues] = useState<ReadonlyMap<string, string>>(
    () =>
      new Map(
        template.roles.flatMap((role) =>
          role.formFields.flatMap((field) =>
            field.value === null ? [] : [[field.id, field.value] as const],
          ),
        ),
      ),
  )
  const [checked, setChecked] = useState(false)
  const kindLabel = useKindLabel()
  const setValue = (fieldId: string, value: string) => setValues(new Map(values).set(fieldId, value))
  const valueProblem = (kind: Prefillable['kind'], value: string) =>
    checked && formValueProblem(kind, value.trim()) !== undefined
      ? t`This value does not fit the field.`
      : undefined
  const change = (index: number, key: keyof Omit<RolePerson, 'role'>, value: string) =>
    setPeople(people.map((person, at) => (at === index ? { ...person, [key]: value } : person)))
  const emailError = (email: string) =>
    !checked
      ? undefined
      : email.trim() === ''
        ? i18n._(formMessages.required)
        : emailPattern.test(email.trim())
          ? undefined
          : i18n._(formMessages.email)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (people.some((person) => !emailPattern.test(person.email.trim()))) return
    // What differs from the template: the rest the request takes from it.
    const prefill = prefillable.flatMap((field) => {
      const value = values.get(field.id)?.trim() ?? ''
      return value === (field.value ?? '') ? [] : [{ fieldId: field.id, value }]
    })
    const fieldKind = (fieldId: string) => prefillable.find((field) => field.id === fieldId)?.kind ?? 'text'
    if (prefill.some(({ fieldId, value }) => formValueProblem(fieldKind(fieldId), value) !== undefined))
      return
    start.mutate(
      { id: template.id, people, prefill },
      { onSuccess: (request) => navigate({ to: '/view/$srid', params: { srid: request.id } }) },
    )
  }
  const { title } = template
  return (
    <form onSubmit={submit} noValidate aria-labelledby="start-template">
      <h1 id="start-template">
        <Trans>Start “{title}”</Trans>
      </h1>
      <p className={styles.muted}>
        <Trans>
          Name the person for each role and fill in what you know beforehand. The request opens as a draft for
          you to check and send.
        </Trans>
      </p>
      {start.error ? <FormAlert>{i18n._(templateErrorMessage(errorCode(start.error)))}</FormAlert> : null}
      {people.map((person, index) => (
        <fieldset key={person.role} className={styles.role}>
          <legend>{person.role}</legend>
          <TextField
            label={<Trans>E-mail</Trans>}
            type="email"
            autoComplete="off"
            value={person.email}
            onChange={(event) => change(index, 'email', event.target.value)}
            error={emailError(person.email)}
          />
          <TextField
            label={<Trans>First name</Trans>}
            autoComplete="off"
            value={person.firstName}
            onChange={(event) => change(index, 'firstName', event.target.value)}
          />
          <TextField
            label={<Trans>Last name</Trans>}
            autoComplete="off"
            value={person.lastName}
            onChange={(event) => change(index, 'lastName', event.target.value)}
          />
          {template.roles[index]?.formFields.filter(takesValue).map((field) => {
            const kind = kindLabel(field.kind)
            const page = field.page + 1
            const value = values.get(field.id) ?? ''
            return field.kind === 'checkbox' ? (
              <CheckboxField
                key={field.id}
                label={
                  <Trans>
                    {kind} on page {page}: ticked beforehand
                  </Trans>
                }
                checked={value === checkedValue}
                onChange={(event) => setValue(field.id, event.target.checked ? checkedValue : '')}
              />
            ) : (
              <TextField
                key={field.id}
                label={
                  <Trans>
                    {kind} on page {page} (optional)
                  </Trans>
                }
                helper={field.kind === 'date' ? <Trans>Empty: the signing date</Trans> : undefined}
                type={field.kind === 'date' ? 'date' : 'text'}
                autoComplete="off"
                maxLength={
                  field.kind === 'initials'
                    ? formValueMaxLength.initials
                    : field.kind === 'company'
                      ? formValueMaxLength.company
                      : formValueMaxLength.text
                }
                value={value}
                onChange={(event) => setValue(field.id, event.target.value)}
                error={valueProblem(field.kind, value)}
              />
            )
          })}
        </fieldset>
      ))}
      <BusyButton type="submit" busy={start.isPending}>
        <Trans>Create request</Trans>
      </BusyButton>
    </form>
  )
}
