import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import * as v from 'valibot'
import {
  type Business,
  type BusinessSettings,
  retentionDays,
  supportContactSchema,
} from '../../../contract/businesses.ts'
import {
  businessSettingsQueryOptions,
  refreshBusiness,
  removeLogo,
  updateBusinessSettings,
  uploadLogo,
} from '../../api/business.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { useLeavePageGuard } from '../dialogs/use-leave-page-guard.ts'
import styles from './business.module.css'
import { businessDialogs } from './business-dialogs.ts'
import { businessErrorMessage } from './business-messages.ts'
import { BusinessPage } from './business-page.tsx'
import { FollowUpSettings } from './follow-up-settings.tsx'
import { type RetentionProps, terminalStateLabels } from './retention-dialogs.tsx'

type RetentionSetting = BusinessSettings['signatureRequests']['retention']

/**
 * Automatic deletion (SPEC §3 settings signatureRequests.retention): the activate and deactivate dialogs
 * change the form, and "Save settings" saves it with the rest of the page (issue 39 §1: one rule per page).
 */
function Retention({
  business,
  retention,
  onChange,
}: {
  business: Business
  retention: RetentionSetting
  onChange: (retention: RetentionSetting) => void
}) {
  const { i18n } = useLingui()
  const { ui } = useRouteContext({ from: '__root__' })
  const props: RetentionProps = { businessId: business.id, terminalState: retention.terminalState }
  const turnOn = () =>
    openDialog(ui, businessDialogs.activateRetention, {
      props,
      action: async ({ value }) => onChange({ enabled: true, terminalState: value }),
    })
  const turnOff = () =>
    openDialog(ui, businessDialogs.deactivateRetention, {
      props,
      action: async () => onChange({ ...retention, enabled: false }),
    })
  return (
    <div className={styles.form}>
      <h3>
        <Trans>Automatic deletion</Trans>
      </h3>
      {retention.enabled ? (
        <>
          <p>
            <Trans>On: a request is deleted with its documents {retentionDays} days after it ends.</Trans>
          </p>
          <p className={styles.muted}>{i18n._(terminalStateLabels[retention.terminalState])}</p>
        </>
      ) : (
        <p className={styles.muted}>
          <Trans>Off: ended requests are kept until someone deletes them.</Trans>
        </p>
      )}
      <Button
        variant="secondary"
        className={styles.cardButton}
        onClick={() => void (retention.enabled ? turnOff() : turnOn())}
      >
        {retention.enabled ? (
          <Trans>Turn off automatic deletion</Trans>
        ) : (
          <Trans>Turn on automatic deletion</Trans>
        )}
      </Button>
    </div>
  )
}

/** What "Save settings" will do to the logo: keep the stored one, store a chosen file, or remove it. */
type LogoChange = { kind: 'kept' } | { kind: 'chosen'; file: File; preview: string } | { kind: 'removed' }

/** The preview of a chosen logo file, released when the choice changes or the page goes. */
function useLogoChange() {
  const [change, setChange] = useState<LogoChange>({ kind: 'kept' })
  useEffect(
    () => () => {
      if (change.kind === 'chosen') URL.revokeObjectURL(change.preview)
    },
    [change],
  )
  return [change, setChange] as const
}

function SettingsForm({ business, initial }: { business: Business; initial: BusinessSettings }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(initial)
  const [settings, setSettings] = useState(initial)
  const [logo, setLogo] = useLogoChange()
  const [errors, setErrors] = useState<{ email?: string; phone?: string; logo?: string; form?: string }>({})
  const [saving, setSaving] = useState(false)
  const settingsDirty = JSON.stringify(settings) !== JSON.stringify(saved)
  const dirty = settingsDirty || logo.kind !== 'kept'
  useLeavePageGuard(dirty && !saving)
  const { supportContact, signatureRequests, mailService, userPilot } = settings
  const attachments = mailService.attachments

  /** Stores or removes the logo as chosen; false when the server refused it (said at the logo). */
  const saveLogo = async (): Promise<BusinessSettings | null | false> => {
    if (logo.kind === 'kept') return null
    try {
      const next =
        logo.kind === 'chosen'
          ? await uploadLogo(api, business.id, logo.file)
          : await removeLogo(api, business.id)
      setLogo({ kind: 'kept' })
      return next
    } catch (error) {
      setErrors({ logo: i18n._(businessErrorMessage(errorCode(error))) })
      return false
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!dirty) return
    const contact = v.safeParse(supportContactSchema, supportContact, { abortEarly: false })
    if (!contact.success) {
      const wrong = new Set(contact.issues.map((issue) => issue.path?.[0]?.key))
      setErrors({
        email: wrong.has('email') ? i18n._(formMessages.email) : undefined,
        phone: wrong.has('phone') ? i18n._(formMessages.invalidFormat) : undefined,
      })
      return
    }
    setSaving(true)
    try {
      const withLogo = await saveLogo()
      if (withLogo === false) return
      const branding = (withLogo ?? saved).companyBranding
      const next = settingsDirty ? await updateBusinessSettings(api, business.id, settings) : saved
      const stored = { ...next, companyBranding: branding }
      setSaved(stored)
      setSettings(stored)
      setErrors({})
      await refreshBusiness(queryClient, business.id)
      showSnackbar(ui.snackbars, { message: msg`Settings saved`, color: 'success' })
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined
      const message = i18n._(businessErrorMessage(errorCode(error)))
      setErrors(
        field?.endsWith('email')
          ? { email: message }
          : field?.endsWith('phone')
            ? { phone: message }
            : { form: message },
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <Logo
        business={business}
        stored={saved.companyBranding.logo}
        change={logo}
        onChange={(change) => {
          setErrors(({ logo: _, ...rest }) => rest)
          setLogo(change)
        }}
        error={errors.logo}
        disabled={saving}
      />
      <section className={styles.card} aria-labelledby="support-heading">
        <h2 id="support-heading">
          <Trans>Support contact</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>Your members and the people they ask to sign see this contact for questions.</Trans>
        </p>
        <div className={styles.row}>
          <TextField
            label={<Trans>Support e-mail</Trans>}
            type="email"
            name="supportEmail"
            value={supportContact.email}
            onChange={(e) =>
              setSettings({ ...settings, supportContact: { ...supportContact, email: e.target.value } })
            }
            error={errors.email}
          />
          <TextField
            label={<Trans>Support phone</Trans>}
            type="tel"
            name="supportPhone"
            value={supportContact.phone}
            onChange={(e) =>
              setSettings({ ...settings, supportContact: { ...supportContact, phone: e.target.value } })
            }
            error={errors.phone}
          />
        </div>
      </section>
      <section className={styles.card} aria-labelledby="requests-heading">
        <h2 id="requests-heading">
          <Trans>Signature requests</Trans>
        </h2>
        <CheckboxField
          label={
            <Trans>Sign under FDA 21 CFR Part 11 (signing name and reason asked for every signature)</Trans>
          }
          checked={signatureRequests.part11.enabled}
          onChange={(e) =>
            setSettings({
              ...settings,
              signatureRequests: { ...signatureRequests, part11: { enabled: e.target.checked } },
            })
          }
        />
        <Button
          variant="text"
          size="sm"
          className={styles.cardButton}
          onClick={() => void openDialog(ui, businessDialogs.part11Info, { props: undefined })}
        >
          <Trans>What signing under Part 11 means</Trans>
        </Button>
        <FollowUpSettings
          value={signatureRequests}
          onChange={(followUp) =>
            setSettings({ ...settings, signatureRequests: { ...signatureRequests, ...followUp } })
          }
        />
        <Retention
          business={business}
          retention={signatureRequests.retention}
          onChange={(retention) =>
            setSettings((current) => ({
              ...current,
              signatureRequests: { ...current.signatureRequests, retention },
            }))
          }
        />
      </section>
      <section className={styles.card} aria-labelledby="mail-heading">
        <h2 id="mail-heading">
          <Trans>Mails to signers</Trans>
        </h2>
        <CheckboxField
          label={<Trans>Attach the signed document to the completion mail</Trans>}
          checked={attachments.signedDocument.enabled}
          onChange={(e) =>
            setSettings({
              ...settings,
              mailService: {
                attachments: {
                  ...attachments,
                  signedDocument: { ...attachments.signedDocument, enabled: e.target.checked },
                },
              },
            })
          }
        />
        <CheckboxField
          label={<Trans>Attach the signature report to the completion mail</Trans>}
          checked={attachments.signatureProtocol.enabled}
          onChange={(e) =>
            setSettings({
              ...settings,
              mailService: {
                attachments: {
                  ...attachments,
                  signatureProtocol: { ...attachments.signatureProtocol, enabled: e.target.checked },
                },
              },
            })
          }
        />
        <CheckboxField
          label={<Trans>Show the in-app guidance to our members</Trans>}
          checked={userPilot.enabled}
          onChange={(e) => setSettings({ ...settings, userPilot: { enabled: e.target.checked } })}
        />
        <CheckboxField
          label={<Trans>Require two-step verification of every member</Trans>}
          checked={settings.secondFactor.required}
          onChange={(e) => setSettings({ ...settings, secondFactor: { required: e.target.checked } })}
        />
      </section>
      <div className={`${styles.formActions} ${styles.stickyActions}`}>
        <p className={styles.unsaved} role="status">
          {dirty ? <Trans>Changes not saved yet</Trans> : null}
        </p>
        <BusyButton type="submit" busy={saving} disabled={!dirty}>
          <Trans>Save settings</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

/**
 * The branding logo: shown as stored (drawn anew as a PNG) or as chosen; choosing a file or removing it
 * waits for "Save settings", as every other setting of the page does (issue 39 §1).
 */
function Logo({
  business,
  stored,
  change,
  onChange,
  error,
  disabled,
}: {
  business: Business
  stored: BusinessSettings['companyBranding']['logo']
  change: LogoChange
  onChange: (change: LogoChange) => void
  error: string | undefined
  disabled: boolean
}) {
  const { i18n } = useLingui()
  const alt = i18n._(msg`Logo of ${business.name}`)
  const shown = change.kind === 'kept' ? stored : null
  const hasLogo = change.kind === 'chosen' || (change.kind === 'kept' && stored !== null)
  return (
    <section className={styles.card} aria-labelledby="logo-heading">
      <h2 id="logo-heading">
        <Trans>Company logo</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>A PNG, JPEG or SVG file of up to 1 MB. The people your members ask to sign see it.</Trans>
      </p>
      {change.kind === 'chosen' ? <img className={styles.logo} src={change.preview} alt={alt} /> : null}
      {shown ? (
        <img className={styles.logo} src={shown.url} width={shown.width} height={shown.height} alt={alt} />
      ) : null}
      {change.kind === 'removed' ? (
        <p className={styles.muted}>
          <Trans>The logo is removed when you save the settings.</Trans>
        </p>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={styles.toolbar}>
        <label className={`${buttonClass({ variant: 'secondary' })} ${styles.filePicker}`}>
          {hasLogo ? <Trans>Choose another logo</Trans> : <Trans>Choose a logo</Trans>}
          <input
            type="file"
            className="visually-hidden"
            accept="image/png,image/jpeg,image/svg+xml"
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) onChange({ kind: 'chosen', file, preview: URL.createObjectURL(file) })
            }}
          />
        </label>
        {hasLogo ? (
          <Button
            variant="text"
            disabled={disabled}
            onClick={() => onChange(stored ? { kind: 'removed' } : { kind: 'kept' })}
          >
            <Trans>Remove logo</Trans>
          </Button>
        ) : null}
        {change.kind !== 'kept' && stored ? (
          <Button variant="text" disabled={disabled} onClick={() => onChange({ kind: 'kept' })}>
            <Trans>Keep the saved logo</Trans>
          </Button>
        ) : null}
      </div>
    </section>
  )
}

function Settings({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data, error } = useQuery(businessSettingsQueryOptions(api, business.id))
  if (error) return <FormAlert>{i18n._(businessErrorMessage(errorCode(error)))}</FormAlert>
  if (!data) return null
  return <SettingsForm business={business} initial={data} />
}

/** /business/settings: the support contact and the switches of SPEC §3 Business settings. */
export function BusinessSettingsScreen() {
  return (
    <BusinessPage title={<Trans>Settings</Trans>}>
      {(business) => <Settings business={business} />}
    </BusinessPage>
  )
}
