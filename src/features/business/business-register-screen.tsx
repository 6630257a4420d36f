import { Trans } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { createBusiness } from '../../api/business.ts'
import { useUser } from '../../api/user.ts'
import styles from './business.module.css'
import { BusinessDetailsForm, businessData, newBusinessDetails } from './business-details-form.tsx'
import { reloadUser } from './business-notices.tsx'

/**
 * /business/register (strict: a signed-in user without a business) and the last step of the business
 * signup: the company and its billing address; the user becomes its first admin, on a 14-day trial.
 */
export function BusinessRegisterScreen({ fromSignup = false }: { fromSignup?: boolean }) {
  const context = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { data: user } = useUser(context.api)
  if (!user) return null
  return (
    <div className={styles.form}>
      <div className={styles.header}>
        {fromSignup ? (
          <ol className={styles.steps}>
            <li>
              <Trans>1. Account ✓</Trans>
            </li>
            <li aria-current="step">
              <Trans>2. Company and address</Trans>
            </li>
          </ol>
        ) : null}
        <h1>
          <Trans>Open a business account</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            Bring your team onto one account: you become its admin, invite your colleagues, and try it free
            for 14 days.
          </Trans>
        </p>
      </div>
      <BusinessDetailsForm
        initial={newBusinessDetails(user.email)}
        submitLabel={<Trans>Open business account</Trans>}
        onSubmit={async (values) => {
          await createBusiness(context.api, businessData(values))
          await reloadUser(context)
          await navigate({ to: '/business/welcome', replace: true })
        }}
      />
    </div>
  )
}
