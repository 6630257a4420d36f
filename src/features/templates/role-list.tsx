import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { signerAuthentications } from '../../../contract/signature-requests.ts'
import type { TemplateRoleInput } from '../../../contract/templates.ts'
import { errorCode } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { signerAuthenticationLabels } from '../documents/signer-authentication.ts'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'

/** The key of the role at `index`, which the field placement takes for a signer's id. */
export const roleKey = (index: number) => `role-${index}`

/**
 * The template's roles in their signing order, as a draft's signer list: each renamed, moved up or down (while
 * they sign one after the other), removed (one stays), given fields and the way its signer proves who they are
 * (issue 42 §5); a role added. `onChange` stores them all.
 */
export function RoleList({
  roles,
  placingFor,
  onPlaceField,
  onChange,
}: {
  roles: TemplateRoleInput[]
  /** The role whose field the sender is placing now, by {@link roleKey}. */
  placingFor: string | undefined
  onPlaceField: (key: string) => void
  onChange: (roles: TemplateRoleInput[]) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const inOrder = roles.some((role) => (role.sequence ?? 1) !== 1)
  const store = (changed: TemplateRoleInput[], ordered = inOrder) => {
    setBusy(true)
    setError(undefined)
    return onChange(changed.map((role, index) => ({ ...role, sequence: ordered ? index + 1 : 1 })))
      .catch((failure: unknown) => {
        setError(failure)
        throw failure
      })
      .finally(() => setBusy(false))
  }
  const move = (from: number, to: number) => {
    const moved = roles.filter((_, index) => index !== from)
    const role = roles[from]
    if (role !== undefined) void store([...moved.slice(0, to), role, ...moved.slice(to)]).catch(() => {})
  }
  const add = () => {
    const taken = new Set(roles.map((role) => role.name.toLowerCase()))
    let n = roles.length + 1
    while (taken.has(t`Role ${n}`.toLowerCase())) n++
    void store([...roles, { name: t`Role ${n}`, documentSignatures: [], formFields: [] }]).catch(() => {})
  }
  return (
    <section className={styles.card} aria-labelledby="roles-heading" aria-busy={busy}>
      <h2 id="roles-heading">
        <Trans>Roles</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>Whoever starts a request from the template names a person for each role.</Trans>
      </p>
      {roles.length > 1 ? (
        <CheckboxField
          label={<Trans>Roles sign one after the other, in this order</Trans>}
          checked={inOrder}
          disabled={busy}
          onChange={(event) => void store(roles, event.target.checked).catch(() => {})}
        />
      ) : null}
      {error === undefined ? null : <FormAlert>{i18n._(templateErrorMessage(errorCode(error)))}</FormAlert>}
      <ol className={styles.roles} aria-label={t`Roles`}>
        {roles.map((role, index) => {
          const key = roleKey(index)
          const name = role.name
          return (
            <li key={key} className={styles.roleRow}>
              <RoleName
                key={name}
                name={name}
                position={inOrder ? index + 1 : undefined}
                taken={roles.filter((_, at) => at !== index).map((other) => other.name)}
                onRename={(renamed) =>
                  store(roles.map((other, at) => (at === index ? { ...other, name: renamed } : other)))
                }
              />
              <SelectField
                label={<Trans>How {name} confirms who they are</Trans>}
                value={role.authentication ?? 'tan'}
                options={signerAuthentications.map((value) => ({
                  value,
                  label: i18n._(signerAuthenticationLabels[value]),
                }))}
                disabled={busy}
                onChange={(authentication) =>
                  void store(
                    roles.map((other, at) => (at === index ? { ...other, authentication } : other)),
                  ).catch(() => {})
                }
              />
              <div className={styles.actions}>
                <Button
                  variant="text"
                  size="sm"
                  aria-label={t`Place field for ${name}`}
                  aria-pressed={placingFor === key}
                  onClick={() => onPlaceField(key)}
                >
                  <Trans>Place field</Trans>
                </Button>
                {inOrder ? (
                  <>
                    <Button
                      variant="text"
                      size="sm"
                      aria-label={t`Move ${name} up`}
                      disabled={busy || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="text"
                      size="sm"
                      aria-label={t`Move ${name} down`}
                      disabled={busy || index === roles.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </Button>
                  </>
                ) : null}
                {roles.length > 1 ? (
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={t`Remove ${name}`}
                    disabled={busy}
                    onClick={() => void store(roles.filter((_, at) => at !== index)).catch(() => {})}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                ) : null}
              </div>
            </li>
          )
        })}
      </ol>
      <div>
        <Button variant="secondary" size="sm" disabled={busy} onClick={add}>
          <Trans>Add role</Trans>
        </Button>
      </div>
    </section>
  )
}

/** One role's name, renamed on its own; each name once among the roles. */
function RoleName({
  name,
  position,
  taken,
  onRename,
}: {
  name: string
  position: number | undefined
  taken: string[]
  onRename: (name: string) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const [value, setValue] = useState(name)
  const problem =
    value.trim() === ''
      ? i18n._(formMessages.required)
      : taken.some((other) => other.toLowerCase() === value.trim().toLowerCase())
        ? t`Each role needs its own name.`
        : undefined
  const rename = (event: FormEvent) => {
    event.preventDefault()
    if (problem === undefined && value.trim() !== name) void onRename(value.trim()).catch(() => {})
  }
  return (
    <form className={styles.roleName} onSubmit={rename} noValidate>
      <TextField
        label={position === undefined ? <Trans>Role</Trans> : <Trans>Role {position}</Trans>}
        value={value}
        maxLength={100}
        error={value.trim() === name ? undefined : problem}
        onChange={(event) => setValue(event.target.value)}
      />
      {value.trim() !== name ? (
        <Button type="submit" variant="secondary" size="sm" disabled={problem !== undefined}>
          <Trans>Rename</Trans>
        </Button>
      ) : null}
    </form>
  )
}
