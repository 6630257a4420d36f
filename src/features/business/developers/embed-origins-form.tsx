import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { ApiUser } from '../../../../contract/api-users.ts'
import type { Business } from '../../../../contract/businesses.ts'
import { maxEmbedOrigins, parseEmbedOrigin } from '../../../../contract/embedding.ts'
import { updateApiUser } from '../../../api/api-users.ts'
import { refreshBusiness } from '../../../api/business.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { BusyButton } from '../../../ui/button/busy-button.tsx'
import { SelectField } from '../../../ui/form/select-field.tsx'
import { TextField } from '../../../ui/form/text-field.tsx'
import { showSnackbar } from '../../../ui/snackbar/show-snackbar.ts'
import styles from '../business.module.css'
import { businessErrorMessage } from '../business-messages.ts'

/**
 * The origins whose pages may show an API user's signing pages in a frame (issue 41 §3): its signing URLs open
 * there only. Admins list them separated by spaces or commas; an empty list lets no site frame them.
 */
export function EmbedOriginsForm({ business, apiUsers }: { business: Business; apiUsers: ApiUser[] }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [username, setUsername] = useState(apiUsers[0]?.username ?? '')
  const chosen = apiUsers.find((apiUser) => apiUser.username === username) ?? apiUsers[0]
  const [edited, setEdited] = useState<Record<string, string>>({})
  const text = chosen === undefined ? '' : (edited[chosen.username] ?? chosen.embedOrigins.join(' '))
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)
  if (chosen === undefined) return null

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const origins = text.split(/[\s,]+/).filter((origin) => origin !== '')
    const wrong = origins.find((origin) => parseEmbedOrigin(origin) === null)
    if (wrong !== undefined)
      return setError(
        i18n._(msg`${wrong} is not an https origin (https://app.example.com) or http://localhost.`),
      )
    if (origins.length > maxEmbedOrigins)
      return setError(i18n._(msg`List at most ${maxEmbedOrigins} origins.`))
    setSaving(true)
    try {
      await updateApiUser(api, business.id, chosen.username, { embedOrigins: origins })
      await refreshBusiness(queryClient, business.id)
      setEdited(({ [chosen.username]: _, ...rest }) => rest)
      showSnackbar(ui.snackbars, { message: msg`Embedding origins saved`, color: 'success' })
    } catch (failure) {
      setError(i18n._(businessErrorMessage(errorCode(failure))))
    } finally {
      setSaving(false)
    }
  }
  return (
    <form className={styles.card} onSubmit={save} noValidate aria-labelledby="embed-origins">
      <h2 id="embed-origins">
        <Trans>Embedded signing</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          Your web application may show the signing page in a frame for signers without an account, with a
          short-lived signing URL it asks the API for. Only the origins listed here may frame it.
        </Trans>
      </p>
      <SelectField
        label={<Trans>API user</Trans>}
        value={chosen.username}
        options={apiUsers.map((apiUser) => ({ value: apiUser.username, label: apiUser.username }))}
        onChange={(value) => {
          setUsername(value)
          setError(undefined)
        }}
      />
      <TextField
        label={<Trans>Allowed origins</Trans>}
        name="embed-origins"
        autoComplete="off"
        placeholder="https://app.example.com"
        value={text}
        onChange={(e) => {
          setEdited({ ...edited, [chosen.username]: e.target.value })
          setError(undefined)
        }}
        error={error}
      />
      <BusyButton type="submit" busy={saving} className={styles.cardButton}>
        <Trans>Save origins</Trans>
      </BusyButton>
    </form>
  )
}
