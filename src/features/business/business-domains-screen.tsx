import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { type Business, domainSchema } from '../../../contract/businesses.ts'
import { changeDomain, refreshBusiness } from '../../api/business.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { businessErrorMessage } from './business-messages.ts'
import { BusinessPage } from './business-page.tsx'

function Domains({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [domain, setDomain] = useState('')
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)
  const domains = business.admin?.domains ?? []

  const change = async (method: 'POST' | 'DELETE', value: string) => {
    await changeDomain(api, business.id, method, value)
    await refreshBusiness(queryClient, business.id)
  }
  const add = async (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(domainSchema, { domain })
    if (!checked.success) {
      return setError(
        i18n._(domain.trim() === '' ? formMessages.required : msg`Enter a domain such as example.com.`),
      )
    }
    setSaving(true)
    try {
      await change('POST', checked.output.domain)
      setDomain('')
      showSnackbar(ui.snackbars, { message: msg`Domain added`, color: 'success' })
    } catch (failure) {
      setError(i18n._(businessErrorMessage(errorCode(failure))))
    } finally {
      setSaving(false)
    }
  }
  const remove = async (value: string) => {
    try {
      await change('DELETE', value)
      showSnackbar(ui.snackbars, { message: msg`Domain removed`, color: 'success' })
    } catch (failure) {
      showSnackbar(ui.snackbars, { message: businessErrorMessage(errorCode(failure)), color: 'error' })
    }
  }
  return (
    <>
      <form className={styles.card} onSubmit={add} noValidate aria-labelledby="add-domain">
        <h2 id="add-domain">
          <Trans>Add a domain</Trans>
        </h2>
        <div className={styles.inline}>
          <TextField
            label={<Trans>Domain</Trans>}
            name="domain"
            placeholder="example.com"
            autoComplete="off"
            value={domain}
            onChange={(e) => {
              setDomain(e.target.value)
              setError(undefined)
            }}
            error={error}
          />
          <BusyButton type="submit" busy={saving}>
            <Trans>Add</Trans>
          </BusyButton>
        </div>
      </form>
      <section className={styles.card} aria-labelledby="domains-heading">
        <h2 id="domains-heading">
          <Trans>Your domains</Trans>
        </h2>
        {domains.length === 0 ? (
          <p className={styles.muted}>
            <Trans>No domains yet.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {domains.map((d) => (
              <li key={d}>
                <span>{d}</span>
                <Button
                  variant="text"
                  size="sm"
                  onClick={() => void remove(d)}
                  aria-label={i18n._(msg`Remove ${d}`)}
                >
                  <Trans>Remove</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

/** /business/members/domains: the business's domains (SPEC §5); people who sign up there are invited. */
export function BusinessDomainsScreen() {
  return (
    <BusinessPage
      title={<Trans>Domains</Trans>}
      lead={
        <Trans>
          Anyone who confirms an e-mail address at one of these domains finds an invitation to your business
          waiting. A domain belongs to one business.
        </Trans>
      }
    >
      {(business) => <Domains business={business} />}
    </BusinessPage>
  )
}
