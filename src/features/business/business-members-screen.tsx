import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { type Business, maxInvitesPerCall } from '../../../contract/businesses.ts'
import { emailSchema } from '../../../contract/user.ts'
import { usageQueryOptions } from '../../api/billing.ts'
import {
  businessInvitationsQueryOptions,
  businessMembersQueryOptions,
  changeMembers,
  deleteInvitation,
  inviteMembers,
  type MembersChange,
  refreshBusiness,
} from '../../api/business.ts'
import { errorCode } from '../../api/error-messages.ts'
import { useUser } from '../../api/user.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { BusinessStatus } from './business-dashboard-screen.tsx'
import { businessDialogs } from './business-dialogs.ts'
import { businessErrorMessage } from './business-messages.ts'
import { reloadUser } from './business-notices.tsx'
import { BusinessPage } from './business-page.tsx'
import type { RemoveMembersProps } from './remove-members-dialog.tsx'
import { openAddSeats, type SeatsProps } from './seats-dialog.tsx'
import { SignerGroups } from './signer-groups.tsx'
import { useBusinessPayment } from './use-business-payment.ts'

/** The addresses typed into the invite field: separated by commas, semicolons, spaces or lines. */
function parseAddresses(text: string): { emails: string[]; invalid: string | undefined } {
  const parts = text.split(/[\s,;]+/).filter(Boolean)
  const emails: string[] = []
  for (const part of parts) {
    const email = v.safeParse(emailSchema, part)
    if (!email.success) return { emails, invalid: part }
    emails.push(email.output)
  }
  return { emails: [...new Set(emails)], invalid: undefined }
}

function InviteForm({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { view, run } = useBusinessPayment(business)
  const { data: usage } = useQuery(usageQueryOptions(api, business.id))
  const { data: people } = useQuery(businessMembersQueryOptions(api, business.id))
  const { data: invitations } = useQuery(businessInvitationsQueryOptions(api, business.id))
  /**
   * SPEC §6: inviting more people than the paid seats opens add seats first, with the seats they need; the
   * invitations go out once they are bought. Answers false when the admin did not buy them.
   */
  const seatsFor = async (emails: readonly string[]) => {
    const subscription = usage?.subscription
    if (!view.canChangeSeats || !subscription) return true
    const known = new Set([...(people ?? []), ...(invitations ?? [])].map((p) => p.email.toLowerCase()))
    const needed = usage.seatsInUse + emails.filter((email) => !known.has(email.toLowerCase())).length
    if (needed <= subscription.seats) return true
    const props: SeatsProps = {
      businessId: business.id,
      mode: 'add',
      seats: subscription.seats,
      seatsInUse: usage.seatsInUse,
      wanted: needed,
    }
    return openAddSeats(ui, props, (change) => run({ type: 'seats.change', change }))
  }
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const [sending, setSending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { emails, invalid } = parseAddresses(text)
    if (invalid !== undefined) return setError(i18n._(formMessages.email))
    if (emails.length === 0) return setError(i18n._(formMessages.required))
    if (emails.length > maxInvitesPerCall) {
      return setError(i18n._(msg`Please invite at most ${maxInvitesPerCall} addresses at once.`))
    }
    if (!(await seatsFor(emails))) return
    setSending(true)
    try {
      await inviteMembers(api, business.id, emails)
      setText('')
      await refreshBusiness(queryClient, business.id)
      showSnackbar(ui.snackbars, { message: msg`Invitation sent`, color: 'success' })
    } catch (failure) {
      setError(i18n._(businessErrorMessage(errorCode(failure))))
    } finally {
      setSending(false)
    }
  }
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h2 id="invite-heading">
        <Trans>Invite people</Trans>
      </h2>
      <div className={styles.inline}>
        <TextField
          label={<Trans>E-mail addresses</Trans>}
          helper={
            <Trans>
              Separate several addresses with commas. People without an account sign up from the invitation.
            </Trans>
          }
          name="invite"
          type="text"
          inputMode="email"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setError(undefined)
          }}
          error={error}
        />
        <BusyButton type="submit" busy={sending}>
          <Trans>Invite</Trans>
        </BusyButton>
      </div>
    </form>
  )
}

function People({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const context = useRouteContext({ from: '__root__' })
  const { api, ui } = context
  const queryClient = useQueryClient()
  const { data: user } = useUser(api)
  const { data: people = [] } = useQuery(businessMembersQueryOptions(api, business.id))
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState<MembersChange>()
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  const chosen = people.filter((p) => selected.has(p.id))

  const apply = async (change: MembersChange) => {
    const ids = chosen.map((p) => p.id)
    await changeMembers(api, business.id, change, ids)
    setSelected(new Set())
    await refreshBusiness(queryClient, business.id)
    // An admin who made themselves a member leaves the admin pages with their role.
    if (user && ids.includes(user.id) && change !== 'changeToAdmins') await reloadUser(context)
  }
  const run = async (change: MembersChange) => {
    setBusy(change)
    try {
      await apply(change)
      showSnackbar(ui.snackbars, { message: msg`Roles changed`, color: 'success' })
    } catch (error) {
      showSnackbar(ui.snackbars, { message: businessErrorMessage(errorCode(error)), color: 'error' })
    } finally {
      setBusy(undefined)
    }
  }
  const remove = () => {
    const props: RemoveMembersProps = { emails: chosen.map((p) => p.email) }
    void openDialog(ui, businessDialogs.removeMembers, {
      props,
      action: async () => {
        await apply('removeMembers')
        showSnackbar(ui.snackbars, { message: msg`Removed from the business`, color: 'success' })
      },
    })
  }
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }

  return (
    <section className={styles.card} aria-labelledby="people-heading">
      <h2 id="people-heading">
        <Trans>People</Trans>
      </h2>
      <div className={styles.toolbar} role="toolbar" aria-label={i18n._(msg`With the selected people`)}>
        <Button
          variant="secondary"
          size="sm"
          disabled={chosen.length === 0 || busy !== undefined}
          onClick={() => void run('changeToAdmins')}
        >
          <Trans>Make admin</Trans>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={chosen.length === 0 || busy !== undefined}
          onClick={() => void run('changeToMembers')}
        >
          <Trans>Make member</Trans>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={chosen.length === 0 || busy !== undefined}
          onClick={remove}
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Select</Trans>
              </span>
            </th>
            <th scope="col">
              <Trans>Person</Trans>
            </th>
            <th scope="col">
              <Trans>Role</Trans>
            </th>
            <th scope="col">
              <Trans>Joined</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => {
            const name = [person.firstName, person.lastName].filter(Boolean).join(' ')
            return (
              <tr key={person.id}>
                <td>
                  <input
                    type="checkbox"
                    checked={selected.has(person.id)}
                    onChange={() => toggle(person.id)}
                    aria-label={i18n._(msg`Select ${person.email}`)}
                  />
                </td>
                <td>
                  <div>{name || person.email}</div>
                  {name ? <div className={styles.muted}>{person.email}</div> : null}
                </td>
                <td>
                  <span className={styles.role}>
                    {person.role === 'admin' ? <Trans>Admin</Trans> : <Trans>Member</Trans>}
                  </span>
                </td>
                <td className={styles.muted}>{formatDateTime(person.joinedAt, locale)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

function Invitations({ business }: { business: Business }) {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { data: invitations = [] } = useQuery(businessInvitationsQueryOptions(api, business.id))
  const locale = resolveLocale(i18n.locale) ?? 'en-gb'
  if (invitations.length === 0) return null
  const act = async (work: () => Promise<void>, done: ReturnType<typeof msg>) => {
    try {
      await work()
      await refreshBusiness(queryClient, business.id)
      showSnackbar(ui.snackbars, { message: done, color: 'success' })
    } catch (error) {
      showSnackbar(ui.snackbars, { message: businessErrorMessage(errorCode(error)), color: 'error' })
    }
  }
  return (
    <section className={styles.card} aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">
        <Trans>Open invitations</Trans>
      </h2>
      <ul className={styles.list}>
        {invitations.map((invitation) => {
          const sent = formatDateTime(invitation.createdAt, locale)
          return (
            <li key={invitation.id}>
              <span>
                {invitation.email}
                <span className={styles.muted}>
                  {' · '}
                  <Trans>invited {sent}</Trans>
                </span>
              </span>
              <span className={styles.toolbar}>
                <Button
                  variant="text"
                  size="sm"
                  aria-label={i18n._(msg`Resend the invitation to ${invitation.email}`)}
                  onClick={() =>
                    void act(() => inviteMembers(api, business.id, [invitation.email]), msg`Invitation sent`)
                  }
                >
                  <Trans>Resend</Trans>
                </Button>
                <Button
                  variant="text"
                  size="sm"
                  aria-label={i18n._(msg`Withdraw the invitation to ${invitation.email}`)}
                  onClick={() =>
                    void act(
                      () => deleteInvitation(api, business.id, invitation.id),
                      msg`Invitation withdrawn`,
                    )
                  }
                >
                  <Trans>Withdraw</Trans>
                </Button>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** /business/members: admins and members with their roles, invitations, and changes on a selection. */
export function BusinessMembersScreen() {
  return (
    <BusinessPage
      title={<Trans>Members</Trans>}
      lead={
        <Trans>
          Everyone here signs on the business's account. Admins also manage members, settings and billing.
          People at your <Link to="/business/members/domains">domains</Link> find an invitation when they sign
          up.
        </Trans>
      }
    >
      {(business) => (
        <>
          <BusinessStatus business={business} />
          <InviteForm business={business} />
          <People business={business} />
          <SignerGroups business={business} />
          <Invitations business={business} />
        </>
      )}
    </BusinessPage>
  )
}
