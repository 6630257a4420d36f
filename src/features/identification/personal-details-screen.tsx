import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { getDirectUserQueryOptions } from '../../api/direct-user.ts'
import { errorCode } from '../../api/error-messages.ts'
import { readDirectLink } from '../../app/direct-sign.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { identificationErrorMessage } from './identification-messages.ts'
import { identificationPath } from './identification-routes.ts'
import { DirectLinkMissing, IdentificationPage } from './identification-screens.tsx'
import { type PersonalDetails, personalDetailsOf, savePersonalDetails } from './personal-details.ts'
import { usePersonalDetailsForm } from './personal-details-form.tsx'
import styles from './signature-standards.module.css'

/**
 * /direct-sign/identification/zertes/personal-details: the personal details the ZertES provider needs of a
 * direct-link signer (names, date of birth, nationality), saved with PUT /v1/direct/user; then the methods.
 */
export function PersonalDetailsScreen() {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const link = readDirectLink()
  const token = link?.token ?? ''
  const user = useQuery({ ...getDirectUserQueryOptions(api, token), enabled: link !== null })
  if (link === null) return <DirectLinkMissing />
  if (user.error) return <FormAlert>{i18n._(identificationErrorMessage(errorCode(user.error)))}</FormAlert>
  return (
    <IdentificationPage
      title={<Trans>Your personal details</Trans>}
      back={{ href: identificationPath('direct', 'zertes'), label: <Trans>All methods</Trans> }}
    >
      {user.data ? <DetailsForm token={token} initial={personalDetailsOf(user.data)} /> : null}
    </IdentificationPage>
  )
}

function DetailsForm({ token, initial }: { token: string; initial: PersonalDetails }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const save = useMutation({
    mutationFn: async (details: PersonalDetails) => {
      await savePersonalDetails(api, token, details)
      await queryClient.invalidateQueries({ queryKey: getDirectUserQueryOptions(api, token).queryKey })
      await navigate({ href: identificationPath('direct', 'zertes') })
    },
  })
  const form = usePersonalDetailsForm(initial, (details) => save.mutate(details))
  return (
    <form className={styles.card} onSubmit={form.onSubmit} noValidate>
      <p className={styles.lead}>
        <Trans>
          The identification provider checks these against your ID document. Enter them as they are written
          there.
        </Trans>
      </p>
      {form.fields}
      {save.error ? <FormAlert>{i18n._(identificationErrorMessage(errorCode(save.error)))}</FormAlert> : null}
      <div className={styles.actions}>
        <BusyButton type="submit" busy={save.isPending}>
          <Trans>Save and continue</Trans>
        </BusyButton>
      </div>
    </form>
  )
}
