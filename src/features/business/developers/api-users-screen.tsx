import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { type ApiKeyScope, type ApiUser, createApiUserSchema } from '../../../../contract/api-users.ts'
import type { Business } from '../../../../contract/businesses.ts'
import { apiBase } from '../../../../contract/paths.ts'
import {
  apiUsersQueryOptions,
  createApiUser,
  deleteApiUser,
  resetApiUserKey,
  updateApiUser,
} from '../../../api/api-users.ts'
import { refreshBusiness } from '../../../api/business.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { formatDateTime, resolveLocale } from '../../../i18n/locales.ts'
import { BusyButton } from '../../../ui/button/busy-button.tsx'
import { Button } from '../../../ui/button/button.tsx'
import { type DialogLayers, openDialog } from '../../../ui/dialog/open-dialog.tsx'
import { formMessages } from '../../../ui/form/form-messages.ts'
import { SelectField } from '../../../ui/form/select-field.tsx'
import { TextField } from '../../../ui/form/text-field.tsx'
import { showSnackbar } from '../../../ui/snackbar/show-snackbar.ts'
import styles from '../business.module.css'
import { businessDialogs } from '../business-dialogs.ts'
import { businessErrorMessage } from '../business-messages.ts'
import { BusinessPage } from '../business-page.tsx'
import type { ApiKeyProps, ApiUserProps } from './api-user-dialogs.tsx'
import { EmbedOriginsForm } from './embed-origins-form.tsx'

const scopeNames: Record<ApiKeyScope, MessageDescriptor> = {
  read: msg`Read only`,
  sign: msg`Read, send and sign`,
}

/** Shows a new key in its dialog, which only its own button closes. */
function showKey(ui: DialogLayers, props: ApiKeyProps) {
  return openDialog(ui, businessDialogs.apiKey, { props })
}

function NewApiUser({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [username, setUsername] = useState('')
  const [description, setDescription] = useState('')
  const [scope, setScope] = useState<ApiKeyScope>('sign')
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)

  const create = async (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(createApiUserSchema, { username, description, scope })
    if (!checked.success) {
      return setError(
        i18n._(
          username.trim() === ''
            ? formMessages.required
            : msg`Use 3 to 60 lower-case letters, digits, dots, dashes or underscores.`,
        ),
      )
    }
    setSaving(true)
    try {
      const created = await createApiUser(api, business.id, checked.output)
      await refreshBusiness(queryClient, business.id)
      setUsername('')
      setDescription('')
      void showKey(ui, {
        username: created.apiUser.username,
        apiKey: created.apiKey,
        callbackSecret: created.callbackSecret,
      })
    } catch (failure) {
      setError(i18n._(businessErrorMessage(errorCode(failure))))
    } finally {
      setSaving(false)
    }
  }
  return (
    <form className={styles.card} onSubmit={create} noValidate aria-labelledby="new-api-user">
      <h2 id="new-api-user">
        <Trans>New API user</Trans>
      </h2>
      <div className={styles.row}>
        <TextField
          label={<Trans>Username</Trans>}
          name="username"
          autoComplete="off"
          placeholder="erp-connector"
          value={username}
          onChange={(e) => {
            setUsername(e.target.value)
            setError(undefined)
          }}
          error={error}
        />
        <TextField
          label={<Trans>Description</Trans>}
          name="description"
          autoComplete="off"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <SelectField
        label={<Trans>What its key may do</Trans>}
        value={scope}
        options={(['sign', 'read'] as const).map((value) => ({ value, label: i18n._(scopeNames[value]) }))}
        onChange={setScope}
      />
      <BusyButton type="submit" busy={saving} className={styles.cardButton}>
        <Trans>Create API user</Trans>
      </BusyButton>
    </form>
  )
}

function ApiUserRow({ business, apiUser }: { business: Business; apiUser: ApiUser }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const { username } = apiUser
  const props: ApiUserProps = { username }

  const changeScope = async (scope: ApiKeyScope) => {
    try {
      await updateApiUser(api, business.id, username, { scope })
      await refreshBusiness(queryClient, business.id)
      showSnackbar(ui.snackbars, { message: msg`Scope changed`, color: 'success' })
    } catch (failure) {
      showSnackbar(ui.snackbars, { message: businessErrorMessage(errorCode(failure)), color: 'error' })
    }
  }
  const reset = () =>
    openDialog(ui, businessDialogs.resetApiKey, {
      props,
      action: async () => {
        const { apiKey, callbackSecret } = await resetApiUserKey(api, business.id, username)
        await refreshBusiness(queryClient, business.id)
        // The key dialog replaces this one once its action is done.
        queueMicrotask(() => void showKey(ui, { username, apiKey, callbackSecret }))
      },
    })
  const remove = () =>
    openDialog(ui, businessDialogs.deleteApiUser, {
      props,
      action: async () => {
        await deleteApiUser(api, business.id, username)
        await refreshBusiness(queryClient, business.id)
        showSnackbar(ui.snackbars, { message: msg`API user removed`, color: 'success' })
      },
    })
  return (
    <tr>
      <td>
        <div>
          <code>{username}</code>
        </div>
        {apiUser.description ? <div className={styles.muted}>{apiUser.description}</div> : null}
      </td>
      <td>
        <SelectField
          label={
            <span className="visually-hidden">
              <Trans>Scope of {username}</Trans>
            </span>
          }
          value={apiUser.scope}
          options={(['sign', 'read'] as const).map((value) => ({ value, label: i18n._(scopeNames[value]) }))}
          onChange={(scope) => void changeScope(scope)}
        />
      </td>
      <td className={styles.muted}>{formatDateTime(apiUser.keyIssuedAt, locale)}</td>
      <td className={styles.muted}>
        {apiUser.lastUsedAt ? formatDateTime(apiUser.lastUsedAt, locale) : <Trans>Never</Trans>}
      </td>
      <td>
        <div className={styles.toolbar}>
          <Button variant="secondary" size="sm" onClick={() => void reset()}>
            <Trans>Reset key</Trans>
          </Button>
          <Button
            variant="text"
            size="sm"
            onClick={() => void remove()}
            aria-label={i18n._(msg`Remove ${username}`)}
          >
            <Trans>Remove</Trans>
          </Button>
        </div>
      </td>
    </tr>
  )
}

function ApiUsers({ business }: { business: Business }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: apiUsers = [] } = useQuery(apiUsersQueryOptions(api, business.id))
  return (
    <>
      <section className={styles.card} aria-labelledby="api-users-heading">
        <h2 id="api-users-heading">
          <Trans>API users</Trans>
        </h2>
        {apiUsers.length === 0 ? (
          <p className={styles.muted}>
            <Trans>No API users yet.</Trans>
          </p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>API user</Trans>
                </th>
                <th scope="col">
                  <Trans>Scope</Trans>
                </th>
                <th scope="col">
                  <Trans>Key issued</Trans>
                </th>
                <th scope="col">
                  <Trans>Last used</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {apiUsers.map((apiUser) => (
                <ApiUserRow key={apiUser.username} business={business} apiUser={apiUser} />
              ))}
            </tbody>
          </table>
        )}
      </section>
      <EmbedOriginsForm business={business} apiUsers={apiUsers} />
    </>
  )
}

function HowToCall() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const base = `${origin}${apiBase}`
  return (
    <section className={styles.card} aria-labelledby="api-how-heading">
      <h2 id="api-how-heading">
        <Trans>Calling the API</Trans>
      </h2>
      <p>
        <Trans>
          An API user calls the same signature request and signing calls as a person, for your business: the
          requests it sends are your business’s. Trade its username and key for a token of 24 hours, or send
          both with every call.
        </Trans>
      </p>
      <p>
        <Trans>
          Every call is in the{' '}
          <a href={`${apiBase}/docs`} target="_blank" rel="noopener noreferrer">
            API reference<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          , where you can try it with a token, and in the{' '}
          <a href={`${apiBase}/openapi.json`} type="application/json">
            OpenAPI description
          </a>{' '}
          for tools that generate clients.
        </Trans>
      </p>
      <pre className={styles.secret}>
        {`curl -X POST ${base}/v2/access/login \\
  -H 'Content-Type: application/json' \\
  -d '{"username": "<username>", "api_key": "<key>"}'

curl ${base}/v3/signature-requests -u '<username>:<key>'`}
      </pre>
      <p>
        <Trans>
          A request it sends may name callback URLs (callback_success_url, callback_error_url,
          callback_update_url). Each change is posted there as JSON, signed in the Signet-Signature header as
          t=timestamp,v1=HMAC-SHA256 of “timestamp.body” with its callback secret, and tried again until the
          receiver answers 2xx.
        </Trans>
      </p>
    </section>
  )
}

/** /business/developers/api: the business's API users (SPEC §2, §7 Businesses apis), for its admins. */
export function ApiUsersScreen() {
  return (
    <BusinessPage
      title={<Trans>API users</Trans>}
      lead={
        <Trans>
          API users let your own software send documents for signature and sign them through the API. Each has
          a key that only your admins can reset or revoke.
        </Trans>
      }
    >
      {(business) => (
        <>
          <NewApiUser business={business} />
          <ApiUsers business={business} />
          <HowToCall />
        </>
      )}
    </BusinessPage>
  )
}
