import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { User } from '../../../contract/user.ts'
import { changeMembers } from '../../api/business.ts'
import { memberBusiness } from '../../api/user.ts'
import { Button } from '../../ui/button/button.tsx'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './business.module.css'
import { businessDialogs } from './business-dialogs.ts'
import { reloadUser } from './business-notices.tsx'
import type { LeaveBusinessProps } from './leave-business-dialog.tsx'

/** The profile's business card: the user's business and the way to leave it, or the way to open one. */
export function ProfileBusinessCard({ user }: { user: User }) {
  const context = useRouteContext({ from: '__root__' })
  const business = memberBusiness(user)
  const leave = () => {
    if (!business) return
    const props: LeaveBusinessProps = { business: business.name }
    void openDialog(context.ui, businessDialogs.leaveBusiness, {
      props,
      action: async () => {
        await changeMembers(context.api, business.id, 'removeMembers', [user.id])
        await reloadUser(context)
        showSnackbar(context.ui.snackbars, { message: msg`You left the business`, color: 'success' })
      },
    })
  }
  return (
    <section className={styles.card} aria-labelledby="profile-business">
      <h2 id="profile-business">
        <Trans>Business account</Trans>
      </h2>
      {business ? (
        <>
          <p>
            {business.role === 'admin' ? (
              <Trans>You are an admin of {business.name}.</Trans>
            ) : (
              <Trans>You are a member of {business.name}.</Trans>
            )}
          </p>
          <Button variant="secondary" className={styles.dangerButton} onClick={leave}>
            <Trans>Leave business</Trans>
          </Button>
        </>
      ) : (
        <>
          <p className={styles.muted}>
            <Trans>Sign as a team: one account for your company, with admins, members and billing.</Trans>
          </p>
          <Link to="/business/register">
            <Trans>Open a business account</Trans>
          </Link>
        </>
      )}
    </section>
  )
}
