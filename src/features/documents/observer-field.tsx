import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './documents.module.css'
import { updateRequest } from './signature-request-calls.ts'
import { useSenderGroups } from './use-sender-groups.ts'

/**
 * "Send a copy to": the observers of the sender's request (`cc_email_addresses`), who sign nothing and get the
 * signed documents by mail with a read-only link once everyone has signed. Typed as addresses separated by
 * commas or spaces, saved when the field is left. A sender in a business with signer groups may also have groups
 * observe (`observer_group_ids`, issue 43), every member of which gets the signed documents.
 */
export function ObserverField({
  request,
  onChanged,
}: {
  request: SignatureRequestView
  onChanged: () => Promise<unknown>
}) {
  const { t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const saved = request.ccEmailAddresses.join(', ')
  const [value, setValue] = useState(saved)
  const [invalid, setInvalid] = useState(false)
  const groups = useSenderGroups()
  const observing = new Set(request.observerGroups.map((g) => g.id))
  const observe = async (groupId: string, on: boolean) => {
    const ids = [...observing].filter((id) => id !== groupId)
    await updateRequest(api, request.id, { observerGroupIds: on ? [...ids, groupId] : ids })
    await onChanged()
  }

  const save = async () => {
    const emails = [...new Set(value.split(/[\s,;]+/).filter(Boolean))]
    if (emails.join(', ') === saved) return
    try {
      await updateRequest(api, request.id, { ccEmailAddresses: emails })
      setInvalid(false)
      await onChanged()
    } catch {
      setInvalid(true)
    }
  }

  return (
    <section className={styles.card} aria-labelledby="observers-heading">
      <h2 id="observers-heading">
        <Trans>Send a copy to</Trans>
      </h2>
      <TextField
        label={<Trans>E-mail addresses (optional)</Trans>}
        name="cc_email_addresses"
        type="text"
        inputMode="email"
        value={value}
        placeholder={t`name@example.com, other@example.com`}
        helper={<Trans>They sign nothing, and get the signed documents once everyone has signed.</Trans>}
        error={invalid ? <Trans>Enter e-mail addresses separated by commas.</Trans> : undefined}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => void save()}
      />
      {groups.length === 0 ? null : (
        <fieldset className={styles.observerGroups}>
          <legend>
            <Trans>Signer groups that get a copy</Trans>
          </legend>
          {groups.map((group) => (
            <CheckboxField
              key={group.id}
              label={group.name}
              checked={observing.has(group.id)}
              onChange={(event) => void observe(group.id, event.target.checked)}
            />
          ))}
        </fieldset>
      )}
    </section>
  )
}
