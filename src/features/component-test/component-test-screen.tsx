import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { signatureRequestStatuses } from '../../../contract/signature-request-status.ts'
import { localeNames, type SupportedLocale, supportedLocales } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { ActionMenu } from '../../ui/menu/action-menu.tsx'
import { RequestStatusBadge } from '../../ui/request/request-status-badge.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { buttonVariants } from '../../ui/theme/breakpoints.ts'
import { appDialogs } from '../dialogs/app-dialogs.ts'
import styles from './component-test.module.css'

const variantNames = {
  primary: msg`Primary`,
  secondary: msg`Secondary`,
  text: msg`Text`,
} as const

/**
 * SPEC §2 /component-test: the design system's parts in each of their states on one page, live (the dialog,
 * snackbar and menu are the app's own), for QA's tests and designers' reviews. Not in production.
 */
export function ComponentTestScreen() {
  const { i18n, t } = useLingui()
  const { ui } = useRouteContext({ from: '__root__' })
  const [name, setName] = useState('')
  const [language, setLanguage] = useState<SupportedLocale>('en-gb')
  const [remember, setRemember] = useState(false)
  const said = (message: MessageDescriptor) => () => showSnackbar(ui.snackbars, { message })
  return (
    <div className={styles.page}>
      <header>
        <h1>
          <Trans>Components</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>The design system's parts in their states, for tests and design reviews.</Trans>
        </p>
      </header>

      <section className={styles.section} aria-labelledby="buttons">
        <h2 id="buttons">
          <Trans>Buttons</Trans>
        </h2>
        {buttonVariants.map((variant) => (
          <div key={variant} className={styles.row}>
            <Button variant={variant}>{i18n._(variantNames[variant])}</Button>
            <Button variant={variant} disabled>
              <Trans>Disabled</Trans>
            </Button>
            <BusyButton variant={variant} busy>
              <Trans>Busy</Trans>
            </BusyButton>
          </div>
        ))}
      </section>

      <section className={styles.section} aria-labelledby="fields">
        <h2 id="fields">
          <Trans>Fields</Trans>
        </h2>
        <div className={styles.fields}>
          <TextField
            label={<Trans>Name</Trans>}
            helper={<Trans>As it is written on your ID.</Trans>}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={<Trans>E-mail</Trans>}
            type="email"
            defaultValue="ada@"
            error={<Trans>Enter a valid e-mail address.</Trans>}
          />
          <TextField label={<Trans>Company</Trans>} defaultValue="Analytical Engines Ltd" disabled />
          <SelectField
            label={<Trans>Language</Trans>}
            value={language}
            options={supportedLocales.map((locale) => ({
              value: locale,
              label: localeNames[locale],
              lang: locale,
            }))}
            onChange={setLanguage}
          />
        </div>
        <CheckboxField
          label={<Trans>Keep me signed in</Trans>}
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
      </section>

      <section className={styles.section} aria-labelledby="messages">
        <h2 id="messages">
          <Trans>Messages</Trans>
        </h2>
        <FormAlert tone="info">
          <Trans>A note about the whole form.</Trans>
        </FormAlert>
        <FormAlert tone="success">
          <Trans>Your changes are saved.</Trans>
        </FormAlert>
        <FormAlert>
          <Trans>Something went wrong. Please try again.</Trans>
        </FormAlert>
        <div className={styles.row}>
          {signatureRequestStatuses.map((status) => (
            <RequestStatusBadge key={status} status={status} />
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="actions">
        <h2 id="actions">
          <Trans>Menus, dialogs and snackbars</Trans>
        </h2>
        <div className={styles.row}>
          <ActionMenu
            label={<Trans>More actions</Trans>}
            actions={[
              { value: 'copy', label: t`Copy`, onSelect: said(msg`Copied`) },
              { value: 'rename', label: t`Rename`, onSelect: said(msg`Renamed`) },
              { value: 'delete', label: t`Delete`, onSelect: said(msg`Deleted`), danger: true },
            ]}
          />
          <Button
            variant="secondary"
            onClick={() => showSnackbar(ui.snackbars, { message: msg`Your changes are saved.` })}
          >
            <Trans>Show a snackbar</Trans>
          </Button>
          <Button
            variant="secondary"
            onClick={() => void openDialog(ui, appDialogs.leavePage, { props: undefined })}
          >
            <Trans>Open a dialog</Trans>
          </Button>
        </div>
      </section>
    </div>
  )
}
