import { msg } from '@lingui/core/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import { billingPaths } from '../../../contract/billing.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { acceptSchema, type User } from '../../../contract/user.ts'
import type { SessionSnapshot } from '../../../machines/session/session.selectors.ts'
import { businessQueryOptions, deleteInvitation } from '../../api/business.ts'
import { getUserQueryOptions, hasAcceptedTerms, userAttribute } from '../../api/user.ts'
import type { RouterContext } from '../../app/context.ts'
import { profileOf } from '../../app/session.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { updateUser } from '../profile/profile-calls.ts'
import { businessDialogs } from './business-dialogs.ts'
import { businessErrorMessage } from './business-messages.ts'
import type { DowngradedProps } from './downgraded-dialog.tsx'
import type { InvitationProps } from './invitation-dialog.tsx'
import type { FreeMigrationChoice } from './legacy-plan-dialogs.tsx'
import type { LockedMemberProps } from './locked-member-dialog.tsx'

const isAccountSession = (snapshot: SessionSnapshot) => snapshot.matches('signedIn')
// Pages that must not be covered: leaving, the terms of single sign-on, the goodbye.
const pathsWithoutNotices = new Set(['/signup/sso', '/logout', '/bye'])
/** The locked business whose members were told in this tab: once per session is enough. */
const lockedKey = 'businessLockedTold'
/** The invitation the user put off with "Later" in this tab; the invite link asks again. */
const laterKey = 'businessInvitationLater'
/** The legacy free user whom the dashboard offered the free migration in this tab: once is enough. */
const migrationKey = 'freeMigrationOffered'

/** Loads the user again and tells the session, whose role follows the business (SPEC §4). */
export async function reloadUser(
  context: Pick<RouterContext, 'api' | 'queryClient' | 'session'>,
): Promise<User> {
  const user = await context.queryClient.fetchQuery({ ...getUserQueryOptions(context.api), staleTime: 0 })
  context.session.send({ type: 'session.profileChanged', profile: profileOf(user) })
  return user
}

/** The invitation waiting for the user, as GET /v1/user tells it. */
export interface WaitingInvitation {
  id: string
  businessId: string
  name: string
}

/**
 * Opens the invitation dialog (SPEC §6: an invitation is accepted through a dialog): joining accepts it
 * (POST /v1/user/accept), declining deletes it; either way the user and the session's role are loaded
 * again. Resolves true when the user answered, false for "Later".
 */
export async function askToJoin(
  context: Pick<RouterContext, 'api' | 'queryClient' | 'session' | 'ui'>,
  invitation: WaitingInvitation,
): Promise<boolean> {
  const { api, ui } = context
  const props: InvitationProps = { business: invitation.name }
  return openDialog(ui, businessDialogs.invitation, {
    props,
    action: async ({ value }) => {
      if (value === 'decline') {
        await deleteInvitation(api, invitation.businessId, invitation.id)
        await reloadUser(context)
        showSnackbar(ui.snackbars, { message: msg`Invitation declined` })
      } else {
        const body = v.parse(acceptSchema, { businessInvite: true })
        await api.request(apiPaths.accept(), { method: 'POST', body, retries: 0 })
        await reloadUser(context)
        showSnackbar(ui.snackbars, { message: msg`You joined the business`, color: 'success' })
      }
    },
  })
}

/**
 * Opens the free migration dialog (SPEC §2) for a user on the legacy free plan: moving calls
 * POST /v1/user/free_migration and loads the user again (the upload route then sends them home). Resolves
 * with what the user chose, or undefined when they decide later.
 */
export async function askToMigrate(
  context: Pick<RouterContext, 'api' | 'queryClient' | 'session' | 'ui'>,
): Promise<FreeMigrationChoice | undefined> {
  let chosen: FreeMigrationChoice | undefined
  await openDialog(context.ui, businessDialogs.freeMigration, {
    props: undefined,
    action: async ({ value: choice }) => {
      if (choice === 'migrate') {
        await context.api.request(billingPaths.freeMigration(), { method: 'POST' })
        await reloadUser(context)
        showSnackbar(context.ui.snackbars, { message: msg`You are on the new free plan`, color: 'success' })
      }
      chosen = choice
    },
  })
  return chosen
}

/**
 * SPEC §6: a business invitation is accepted through a dialog, a user removed from a business or whose
 * business was deleted sees the downgrade dialog once, and a member of a locked business the locked
 * dialog once in a tab. A user on the legacy free plan is offered the free migration (SPEC §2) on the
 * dashboard once in a tab; seeing the plans goes to /upgrade. Rendered once, in the root layout; it asks
 * after the general terms are accepted.
 */
export function BusinessNotices() {
  const context = useRouteContext({ from: '__root__' })
  const { api, session, ui, appConfig } = context
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const signedIn = useSelector(session, isAccountSession)
  const { data: user } = useQuery({ ...getUserQueryOptions(api), enabled: signedIn })
  const membership =
    user?.business?.invitationId === null && user.business.role === 'member' ? user.business : null
  const { data: business } = useQuery({
    ...businessQueryOptions(api, membership?.id ?? ''),
    enabled: membership !== null,
  })
  // Each notice is asked once per page load: the downgrade until it is acknowledged, the invitation until
  // it is answered or put off.
  const asked = useRef(new Set<string>())
  const asking = useRef(false)
  const ready =
    signedIn &&
    user !== undefined &&
    hasAcceptedTerms(user, appConfig.termsVersion) &&
    !pathsWithoutNotices.has(pathname)
  const downgrade: DowngradedProps | undefined = user?.attributes.business_deleted?.[0]
    ? { business: user.attributes.business_deleted[0], reason: 'deleted' }
    : user?.attributes.removed_from_business?.[0]
      ? { business: user.attributes.removed_from_business[0], reason: 'removed' }
      : undefined
  const invitation = user?.business?.invitationId
    ? { id: user.business.invitationId, businessId: user.business.id, name: user.business.name }
    : undefined
  // The invite page asks itself; elsewhere the invitation is asked once, unless put off in this tab.
  const askInvitation =
    invitation !== undefined &&
    !pathname.startsWith('/invite/') &&
    sessionStorage.getItem(laterKey) !== invitation.id

  const offerMigration =
    pathname === '/dashboard' &&
    user?.business === null &&
    userAttribute(user, 'free_account_type') === 'free_legacy' &&
    sessionStorage.getItem(migrationKey) !== user.id

  // After every render: the refs above make each notice open once.
  useEffect(() => {
    if (!ready || asking.current) return
    if (downgrade && !asked.current.has(`downgrade:${downgrade.business}`)) {
      asked.current.add(`downgrade:${downgrade.business}`)
      asking.current = true
      void openDialog(ui, businessDialogs.downgraded, {
        persistent: true,
        props: { ...downgrade },
        action: async () => {
          try {
            const cleared = await updateUser(api, {
              attributes: { removed_from_business: [], business_deleted: [] },
            })
            context.queryClient.setQueryData(getUserQueryOptions(api).queryKey, cleared)
          } catch {
            // SPEC §8: a failed acknowledgement is a snackbar; the dialog comes again on the next visit.
            showSnackbar(ui.snackbars, {
              message: businessErrorMessage('global.error.generic_support'),
              color: 'error',
            })
          }
        },
      }).then(() => {
        asking.current = false
      })
      return
    }
    if (business?.locked && sessionStorage.getItem(lockedKey) !== business.id) {
      sessionStorage.setItem(lockedKey, business.id)
      asking.current = true
      const props: LockedMemberProps = { business: business.name }
      void openDialog(ui, businessDialogs.lockedMember, { props }).then(() => {
        asking.current = false
      })
      return
    }
    if (offerMigration && user) {
      sessionStorage.setItem(migrationKey, user.id)
      asking.current = true
      void askToMigrate(context).then((choice) => {
        asking.current = false
        if (choice === 'upgrade') void navigate({ to: '/upgrade' })
      })
      return
    }
    if (invitation && askInvitation && !asked.current.has(`invitation:${invitation.id}`)) {
      asked.current.add(`invitation:${invitation.id}`)
      asking.current = true
      void askToJoin(context, invitation).then((acted) => {
        if (!acted) sessionStorage.setItem(laterKey, invitation.id)
        asking.current = false
      })
    }
  })

  return null
}
