import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { TemplateView } from '../../../contract/templates.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
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

function PeopleForm({ template }: { template: TemplateView }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const start = useStartFromTemplate(api)
  const [people, setPeople] = useState<RolePerson[]>(
    template.roles.map((role) => ({ role: role.name, email: '', firstName: '', lastName: '' })),
  )
  const [checked, setChecked] = useState(false)
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
    start.mutate(
      { id: template.id, people },
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
        <Trans>Name the person for each role. The request opens as a draft for you to check and send.</Trans>
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
        </fieldset>
      ))}
      <BusyButton type="submit" busy={start.isPending}>
        <Trans>Create request</Trans>
      </BusyButton>
    </form>
  )
}
