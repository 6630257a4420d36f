import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { User } from '../../../contract/user.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { getUserQueryOptions, useUser } from '../../api/user.ts'
import { activateLocale } from '../../i18n/i18n.ts'
import { localeNames, type SupportedLocale, selectableLocales } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { useLeavePageGuard } from '../dialogs/use-leave-page-guard.ts'
import styles from './profile.module.css'
import { updateUser } from './profile-calls.ts'
import {
  changedAttributes,
  legislationChoices,
  notificationLevels,
  qualityChoices,
  type SettingsValues,
  settingsFromUser,
} from './settings-form.ts'

const notificationNames: Record<SettingsValues['emailNotificationLevel'], MessageDescriptor> = {
  all: msg`Every notification`,
  important: msg`Only when I need to act`,
  none: msg`No notifications`,
}
const legislationNames: Record<SettingsValues['defaultLegislation'], MessageDescriptor> = {
  eidas: msg`eIDAS (European Union)`,
  zertes: msg`ZertES (Switzerland)`,
}
const qualityNames: Record<SettingsValues['defaultQuality'], MessageDescriptor> = {
  ses: msg`Simple electronic signature (SES)`,
  aes: msg`Advanced electronic signature (AES)`,
  qes: msg`Qualified electronic signature (QES)`,
}

function SettingsForm({ user }: { user: User }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(() => settingsFromUser(user, i18n.locale as SupportedLocale))
  const [values, setValues] = useState(saved)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const changed = changedAttributes(saved, values)
  const dirty = Object.keys(changed).length > 0
  useLeavePageGuard(dirty && !saving)
  const set =
    <K extends keyof SettingsValues>(key: K) =>
    (value: SettingsValues[K]) =>
      setValues({ ...values, [key]: value })

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!dirty) return
    setSaving(true)
    setFailure(null)
    try {
      const next = await updateUser(api, { attributes: changed })
      queryClient.setQueryData(getUserQueryOptions(api).queryKey, next)
      setSaved(values)
      if (values.lang !== i18n.locale) await activateLocale(values.lang)
      showSnackbar(ui.snackbars, { message: msg`Settings saved`, color: 'success' })
    } catch (error) {
      setFailure(i18n._(errorMessage(errorCode(error))))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="settings-form">
      <h2 id="settings-form" className="visually-hidden">
        <Trans>Your settings</Trans>
      </h2>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <SelectField
        label={<Trans>Language of Signet and its e-mails</Trans>}
        value={values.lang}
        options={selectableLocales.map((locale) => ({
          value: locale,
          label: localeNames[locale],
          lang: locale,
        }))}
        onChange={set('lang')}
      />
      <SelectField
        label={<Trans>E-mail notifications</Trans>}
        hint={<Trans>Mails about signature requests you sent or received.</Trans>}
        value={values.emailNotificationLevel}
        options={notificationLevels.map((level) => ({
          value: level,
          label: i18n._(notificationNames[level]),
        }))}
        onChange={set('emailNotificationLevel')}
      />
      <SelectField
        label={<Trans>Default legislation</Trans>}
        hint={<Trans>The law your qualified signatures follow unless you choose otherwise.</Trans>}
        value={values.defaultLegislation}
        options={legislationChoices.map((choice) => ({
          value: choice,
          label: i18n._(legislationNames[choice]),
        }))}
        onChange={set('defaultLegislation')}
      />
      <SelectField
        label={<Trans>Default signature quality</Trans>}
        value={values.defaultQuality}
        options={qualityChoices.map((choice) => ({ value: choice, label: i18n._(qualityNames[choice]) }))}
        onChange={set('defaultQuality')}
      />
      <div className={styles.formActions}>
        <BusyButton type="submit" busy={saving} disabled={!dirty}>
          <Trans>Save settings</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

/** /profile/settings: the user's editable attributes (language, notifications, default legislation and quality). */
export function SettingsScreen() {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user, error } = useUser(api)
  return (
    <div className={styles.page}>
      <Link to="/profile" className={styles.back}>
        <Trans>Back to your profile</Trans>
      </Link>
      <header className={styles.header}>
        <h1>
          <Trans>Settings</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>How Signet talks to you and how you sign by default.</Trans>
        </p>
      </header>
      {error ? <FormAlert>{i18n._(errorMessage(errorCode(error)))}</FormAlert> : null}
      {user ? <SettingsForm user={user} /> : null}
    </div>
  )
}
