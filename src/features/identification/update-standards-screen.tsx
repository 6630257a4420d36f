import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import { attributesCase } from '../../../contract/user.ts'
import type { Legislation } from '../../../machines/identification/identification.types.ts'
import { errorCode } from '../../api/error-messages.ts'
import { getUserQueryOptions, userAttribute, useUser } from '../../api/user.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { getSignatureQualitiesQueryOptions } from './identification-calls.ts'
import { identificationErrorMessage, legislationTitles } from './identification-messages.ts'
import { identificationPath } from './identification-routes.ts'
import { IdentificationPage } from './identification-screens.tsx'
import styles from './signature-standards.module.css'

type Quality = 'ses' | 'aes' | 'qes'

const qualityTitles = {
  ses: msg`Simple electronic signature (SES)`,
  aes: msg`Advanced electronic signature (AES)`,
  qes: msg`Qualified electronic signature (QES)`,
}

/**
 * /profile/signature-standards/update: the standard and legislation the user signs with by default (user
 * attributes default_quality and default_legislation), among the standards they hold.
 */
export function UpdateStandardsScreen() {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const user = useUser(api)
  const qualities = useQuery(getSignatureQualitiesQueryOptions(api))
  const [chosen, setChosen] = useState<{ quality?: Quality; legislation?: Legislation }>({})
  const save = useMutation({
    mutationFn: async (attributes: Record<string, string[]>) => {
      await api.request(apiPaths.user(), { method: 'PUT', body: { attributes }, caseOptions: attributesCase })
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions(api).queryKey })
      await queryClient.invalidateQueries({ queryKey: getSignatureQualitiesQueryOptions(api).queryKey })
    },
  })
  const failure = user.error ?? qualities.error
  if (failure) return <FormAlert>{i18n._(identificationErrorMessage(errorCode(failure)))}</FormAlert>
  if (!user.data || !qualities.data) return null

  const detail = qualities.data
  const held: Quality[] = [
    'ses',
    ...(detail.aes ? (['aes'] as const) : []),
    ...(detail.qes ? (['qes'] as const) : []),
  ]
  const heldLegislations = (['eidas', 'zertes'] as const).filter((l) => detail.qes?.[l] !== undefined)
  const stored = userAttribute(user.data, 'default_quality')
  // Until the user chooses one, the default is simple, whatever identification unlocked (as the server signs).
  const quality: Quality = chosen.quality ?? held.find((q) => q === stored) ?? 'ses'
  const storedLegislation = userAttribute(user.data, 'default_legislation')
  const legislation =
    chosen.legislation ?? heldLegislations.find((l) => l === storedLegislation) ?? heldLegislations[0]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({
      default_quality: [quality],
      ...(quality === 'qes' && legislation ? { default_legislation: [legislation] } : {}),
    })
  }

  return (
    <IdentificationPage
      title={<Trans>Your default signature standard</Trans>}
      back={{ href: identificationPath('account', ''), label: <Trans>Signature standards</Trans> }}
    >
      <form className={styles.card} onSubmit={submit} noValidate>
        <p className={styles.lead}>
          <Trans>The standard your signatures get unless a request asks for another one.</Trans>
        </p>
        <SelectField
          label={<Trans>Standard</Trans>}
          value={quality}
          options={held.map((q) => ({ value: q, label: i18n._(qualityTitles[q]) }))}
          onChange={(value) => setChosen((c) => ({ ...c, quality: value }))}
        />
        {quality === 'qes' && legislation ? (
          <SelectField
            label={<Trans>Legislation</Trans>}
            value={legislation}
            options={heldLegislations.map((l) => ({ value: l, label: i18n._(legislationTitles[l]) }))}
            onChange={(value) => setChosen((c) => ({ ...c, legislation: value }))}
          />
        ) : null}
        {save.error ? (
          <FormAlert>{i18n._(identificationErrorMessage(errorCode(save.error)))}</FormAlert>
        ) : null}
        {save.isSuccess ? (
          <p role="status" className={styles.lead}>
            <Trans>Saved.</Trans>
          </p>
        ) : null}
        <div className={styles.actions}>
          <BusyButton type="submit" busy={save.isPending}>
            <Trans>Save</Trans>
          </BusyButton>
        </div>
      </form>
    </IdentificationPage>
  )
}
