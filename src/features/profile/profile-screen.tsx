import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { getUserQueryOptions, userAttribute, useUser } from '../../api/user.ts'
import { localeNames, resolveLocale } from '../../i18n/locales.ts'
import { accountDeletedKey } from '../../lib/account-deleted.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { ProfileBusinessCard } from '../business/profile-business-card.tsx'
import { accountDeletionDialogs } from './account-deletion-dialogs.ts'
import styles from './profile.module.css'
import { deleteAccount, updateUser } from './profile-calls.ts'

const nameMaxLength = 100

function initials(first: string | null, last: string | null, email: string): string {
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`
  return (letters || email[0] || '?').toUpperCase()
}

/** The names form of /profile: first and last name, saved with PUT /v1/user. */
function NamesForm({ firstName, lastName }: { firstName: string; lastName: string }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [values, setValues] = useState({ firstName, lastName })
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string; form?: string }>({})
  const [saving, setSaving] = useState(false)
  const dirty = values.firstName !== firstName || values.lastName !== lastName

  const check = (value: string) =>
    value.trim() === ''
      ? i18n._(formMessages.required)
      : value.trim().length > nameMaxLength
        ? i18n._({ ...formMessages.maxLength, values: { 0: nameMaxLength } })
        : undefined

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found = { firstName: check(values.firstName), lastName: check(values.lastName) }
    setErrors(found)
    if (found.firstName || found.lastName) return
    setSaving(true)
    try {
      const user = await updateUser(api, { firstName: values.firstName, lastName: values.lastName })
      queryClient.setQueryData(getUserQueryOptions(api).queryKey, user)
      setValues({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' })
      showSnackbar(ui.snackbars, { message: msg`Profile saved`, color: 'success' })
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined
      const message = i18n._(errorMessage(errorCode(error)))
      if (field === 'first_name') setErrors({ firstName: message })
      else if (field === 'last_name') setErrors({ lastName: message })
      else setErrors({ form: message })
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="profile-names">
      <h2 id="profile-names">
        <Trans>Your name</Trans>
      </h2>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <div className={styles.row}>
        <TextField
          label={<Trans>First name</Trans>}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={nameMaxLength}
          value={values.firstName}
          onChange={(e) => setValues({ ...values, firstName: e.target.value })}
          error={errors.firstName}
        />
        <TextField
          label={<Trans>Last name</Trans>}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={nameMaxLength}
          value={values.lastName}
          onChange={(e) => setValues({ ...values, lastName: e.target.value })}
          error={errors.lastName}
        />
      </div>
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={saving} disabled={!dirty}>
          <Trans>Save name</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

/** /profile: who the user is, their name to edit, the way to settings, signatures and password, and account deletion. */
export function ProfileScreen() {
  const { i18n } = useLingui()
  const { api, session, ui } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { data: user, error } = useUser(api)

  if (error) return <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert>
  if (!user) return null

  const lang = resolveLocale(userAttribute(user, 'lang'), true)
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ')

  // The dialog asks whether to go on; the full-screen overlay says what changes and deletes (SPEC §2).
  const askToDelete = async () => {
    if (!(await openDialog(ui, accountDeletionDialogs.deleteAccount, { props: undefined }))) return
    const member = user.business !== null && user.business.invitationId === null
    await openDialog(ui, accountDeletionDialogs.deleteUser, {
      props: { businessName: member ? (user.business?.name ?? null) : null },
      action: async ({ value: password }) => {
        await deleteAccount(api, password)
        // The guard lets /bye show once, right after the deletion (SPEC §6).
        sessionStorage.setItem(accountDeletedKey, '1')
        session.send({ type: 'session.signOut' })
        await navigate({ href: '/bye', replace: true })
        return 'complete'
      },
    })
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>
          <Trans>Your profile</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Your account details, your name and how Signet works for you.</Trans>
        </p>
      </header>

      <section className={styles.card} aria-labelledby="profile-account">
        <h2 id="profile-account" className="visually-hidden">
          <Trans>Account</Trans>
        </h2>
        <div className={styles.identity}>
          <span className={styles.avatar} aria-hidden="true">
            {initials(user.firstName, user.lastName, user.email)}
          </span>
          <div className={styles.identityText}>
            <span className={styles.name} data-testid="profile-name">
              {fullName || <Trans>No name yet</Trans>}
            </span>
            <span className={styles.lead}>{user.email}</span>
          </div>
        </div>
        <dl className={styles.facts}>
          <dt>
            <Trans>E-mail address</Trans>
          </dt>
          <dd>
            {user.email}
            {user.emailVerified ? (
              <span className={styles.badge} data-tone="success">
                <Trans>Verified</Trans>
              </span>
            ) : (
              <span className={styles.badge} data-tone="warning">
                <Trans>Not verified</Trans>
              </span>
            )}
          </dd>
          <dt>
            <Trans>Language</Trans>
          </dt>
          <dd>{localeNames[lang ?? 'en-gb']}</dd>
        </dl>
      </section>

      <NamesForm
        key={`${user.firstName}|${user.lastName}`}
        firstName={user.firstName ?? ''}
        lastName={user.lastName ?? ''}
      />

      <nav className={styles.card} aria-labelledby="profile-more">
        <h2 id="profile-more">
          <Trans>More about your account</Trans>
        </h2>
        <ul className={styles.links}>
          <li>
            <Link to="/profile/settings">
              <span className={styles.linkTitle}>
                <Trans>Settings</Trans>
              </span>
              <span className={styles.linkText}>
                <Trans>Language, e-mail notifications and your default signature.</Trans>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/profile/visual-signature">
              <span className={styles.linkTitle}>
                <Trans>Visual signature</Trans>
              </span>
              <span className={styles.linkText}>
                <Trans>Type, draw or upload how your signature looks on documents.</Trans>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/profile/signature-standards">
              <span className={styles.linkTitle}>
                <Trans>Signature standards</Trans>
              </span>
              <span className={styles.linkText}>
                <Trans>Which signatures you can make, and how to unlock advanced and qualified ones.</Trans>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/profile/change-password">
              <span className={styles.linkTitle}>
                <Trans>Change password</Trans>
              </span>
              <span className={styles.linkText}>
                <Trans>Choose a new password for signing in.</Trans>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/profile/security">
              <span className={styles.linkTitle}>
                <Trans>Security</Trans>
              </span>
              <span className={styles.linkText}>
                <Trans>Two-step verification and the devices signed in to your account.</Trans>
              </span>
            </Link>
          </li>
        </ul>
      </nav>

      <ProfileBusinessCard user={user} />

      <section className={`${styles.card} ${styles.danger}`} aria-labelledby="profile-delete">
        <h2 id="profile-delete">
          <Trans>Delete account</Trans>
        </h2>
        <p>
          <Trans>Deleting your account removes your personal data from Signet for good.</Trans>
        </p>
        <Button variant="secondary" className={styles.dangerButton} onClick={() => void askToDelete()}>
          <Trans>Delete account</Trans>
        </Button>
      </section>
    </div>
  )
}
