import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { Business, BusinessPerson, SignerGroup } from '../../../contract/businesses.ts'
import { businessMembersQueryOptions, refreshBusiness } from '../../api/business.ts'
import { errorCode } from '../../api/error-messages.ts'
import {
  addSignerGroupMember,
  createSignerGroup,
  deleteSignerGroup,
  removeSignerGroupMember,
  renameSignerGroup,
  signerGroupsQueryOptions,
} from '../../api/signer-groups.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { businessDialogs } from './business-dialogs.ts'
import { businessErrorMessage } from './business-messages.ts'

/** Runs a change of the groups, refreshes the business's answers, and tells how it went. */
function useGroupChange(business: Business) {
  const { ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  return async (work: () => Promise<unknown>, done: MessageDescriptor): Promise<boolean> => {
    try {
      await work()
      await refreshBusiness(queryClient, business.id)
      showSnackbar(ui.snackbars, { message: done, color: 'success' })
      return true
    } catch (error) {
      showSnackbar(ui.snackbars, { message: businessErrorMessage(errorCode(error)), color: 'error' })
      return false
    }
  }
}

function GroupCard({
  business,
  group,
  people,
}: {
  business: Business
  group: SignerGroup
  people: readonly BusinessPerson[]
}) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const change = useGroupChange(business)
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(group.name)
  const [nameError, setNameError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const outside = people.filter((p) => !group.members.some((m) => m.id === p.id))
  const [chosen, setChosen] = useState('')
  const candidate = outside.find((p) => p.id === chosen) ?? outside[0]
  const headingId = `group-${group.id}`

  const rename = async (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') return setNameError(i18n._(formMessages.required))
    setBusy(true)
    const renamed = await change(
      () => renameSignerGroup(api, business.id, group.id, name.trim()),
      msg`Group renamed`,
    )
    setBusy(false)
    if (renamed) setRenaming(false)
  }
  return (
    <li className={styles.group} aria-labelledby={headingId}>
      {renaming ? (
        <form className={styles.inline} onSubmit={rename} noValidate>
          <TextField
            label={<Trans>New name of {group.name}</Trans>}
            name="group-name"
            value={name}
            autoFocus
            onChange={(e) => {
              setName(e.target.value)
              setNameError(undefined)
            }}
            error={nameError}
          />
          <span className={styles.toolbar}>
            <BusyButton type="submit" size="sm" busy={busy}>
              <Trans>Save</Trans>
            </BusyButton>
            <Button variant="text" size="sm" onClick={() => setRenaming(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </span>
        </form>
      ) : (
        <div className={styles.groupHead}>
          <h3 id={headingId}>{group.name}</h3>
          <span className={styles.toolbar}>
            <Button
              variant="text"
              size="sm"
              aria-label={i18n._(msg`Rename ${group.name}`)}
              onClick={() => {
                setName(group.name)
                setRenaming(true)
              }}
            >
              <Trans>Rename</Trans>
            </Button>
            <Button
              variant="text"
              size="sm"
              aria-label={i18n._(msg`Delete ${group.name}`)}
              onClick={() =>
                void openDialog(ui, businessDialogs.deleteSignerGroup, {
                  props: { group: group.name },
                  action: async () => {
                    await deleteSignerGroup(api, business.id, group.id)
                    await refreshBusiness(queryClient, business.id)
                    showSnackbar(ui.snackbars, { message: msg`Group deleted`, color: 'success' })
                  },
                })
              }
            >
              <Trans>Delete</Trans>
            </Button>
          </span>
        </div>
      )}
      {group.members.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No members yet.</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={i18n._(msg`Members of ${group.name}`)}>
          {group.members.map((member) => (
            <li key={member.id}>
              <span>{member.email}</span>
              <Button
                variant="text"
                size="sm"
                aria-label={i18n._(msg`Remove ${member.email} from ${group.name}`)}
                onClick={() =>
                  void change(
                    () => removeSignerGroupMember(api, business.id, group.id, member.id),
                    msg`Removed from the group`,
                  )
                }
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {candidate === undefined ? null : (
        <div className={styles.inline}>
          <SelectField
            label={<Trans>Add to {group.name}</Trans>}
            value={candidate.id}
            options={outside.map((p) => ({ value: p.id, label: p.email }))}
            onChange={setChosen}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void change(
                () => addSignerGroupMember(api, business.id, group.id, candidate.id),
                msg`Added to the group`,
              )
            }
          >
            <Trans>Add</Trans>
          </Button>
        </div>
      )}
    </li>
  )
}

/**
 * The business's signer groups on /business/members (issue 43): named groups of its members, which a request
 * asks to sign (any one member signs) or to observe (every member gets the signed documents).
 */
export function SignerGroups({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const change = useGroupChange(business)
  const { data: groups = [] } = useQuery(signerGroupsQueryOptions(api, business.id))
  const { data: people = [] } = useQuery(businessMembersQueryOptions(api, business.id))
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') return setError(i18n._(formMessages.required))
    setBusy(true)
    if (await change(() => createSignerGroup(api, business.id, name.trim()), msg`Group created`)) setName('')
    setBusy(false)
  }
  return (
    <section className={styles.card} aria-labelledby="groups-heading">
      <h2 id="groups-heading">
        <Trans>Signer groups</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          A request sent to a group is signed by any one of its members. A group that observes a request gets
          the signed documents, every member of it.
        </Trans>
      </p>
      <form className={styles.inline} onSubmit={submit} noValidate>
        <TextField
          label={<Trans>Name of a new group</Trans>}
          name="new-group"
          value={name}
          onChange={(e) => {
            setName(e.target.value)
            setError(undefined)
          }}
          error={error}
        />
        <BusyButton type="submit" busy={busy}>
          <Trans>Create group</Trans>
        </BusyButton>
      </form>
      {groups.length === 0 ? null : (
        <ul className={styles.groups}>
          {groups.map((group) => (
            <GroupCard key={group.id} business={business} group={group} people={people} />
          ))}
        </ul>
      )}
    </section>
  )
}
