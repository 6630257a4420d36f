import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useMemo, useState } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { apiPaths } from '../../../contract/paths.ts'
import { publicSigningSchema, publicTemplateSchema, publicVisitSchema } from '../../../contract/templates.ts'
import { publicVisitMachine } from '../../../machines/public-visit/public-visit.machine.ts'
import { inspect } from '../../lib/inspect.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import formStyles from '../../ui/form/form.module.css'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'

/**
 * /t/{token}: a template's public link (issue 41 §1). The visitor gives their e-mail, enters the code mailed to
 * them, and goes on to the direct signing page of the request started for them.
 */
export function PublicTemplateScreen({ token }: { token: string }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const template = useQuery({
    queryKey: ['public-template', token],
    queryFn: async ({ signal }) =>
      v.parse(publicTemplateSchema, await api.request(apiPaths.publicTemplate(token), { signal })),
    retry: false,
  })
  const logic = useMemo(
    () =>
      publicVisitMachine.provide({
        actors: {
          requestCode: fromPromise(async ({ input }: { input: { email: string } }) => {
            const visit = v.parse(
              publicVisitSchema,
              await api.request(apiPaths.publicTemplateVisits(token), {
                method: 'POST',
                body: { email: input.email, language: i18n.locale },
              }),
            )
            return visit.visitId
          }),
          confirmCode: fromPromise(async ({ input }: { input: { visitId: string; code: string } }) => {
            const answer = v.parse(
              publicSigningSchema,
              await api.request(apiPaths.publicTemplateVisitConfirm(token, input.visitId), {
                method: 'POST',
                body: { code: input.code },
              }),
            )
            return answer.url
          }),
        },
        actions: { leave: (_, { url }) => window.location.assign(url) },
      }),
    [api, token, i18n],
  )
  const visit = useActorRef(logic, { inspect })
  const state = useSelector(visit, (s) => ({
    step: s.matches('enteringEmail') || s.matches('requestingCode') ? 'email' : 'code',
    busy: s.matches('requestingCode') || s.matches('confirming') || s.matches('redirecting'),
    email: s.context.email,
    errorCode: s.context.errorCode,
  }))
  const sentTo = state.email
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  if (template.isError) {
    const why = (template.error as { code?: string }).code ?? 'server.error'
    return (
      <StatusPage title={<Trans>Link not available</Trans>}>{i18n._(templateErrorMessage(why))}</StatusPage>
    )
  }
  const shown = template.data
  // Nothing to show until the link is known to work: a switched-off link shows no form.
  if (shown === undefined) return null
  const error =
    state.errorCode === null ? null : <FormAlert>{i18n._(templateErrorMessage(state.errorCode))}</FormAlert>
  return (
    <section className={styles.publicVisit}>
      <h1>{shown.title}</h1>
      {state.step === 'email' ? (
        <form
          className={formStyles.form}
          onSubmit={(event: FormEvent) => {
            event.preventDefault()
            visit.send({ type: 'email.submit', email })
          }}
        >
          <p>
            <Trans>Enter your e-mail address. We will send you a code to confirm it before you sign.</Trans>
          </p>
          {error}
          <TextField
            label={t`E-mail address`}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <BusyButton type="submit" busy={state.busy} block>
            <Trans>Send code</Trans>
          </BusyButton>
        </form>
      ) : (
        <form
          className={formStyles.form}
          onSubmit={(event: FormEvent) => {
            event.preventDefault()
            visit.send({ type: 'code.submit', code })
          }}
        >
          <p>
            <Trans>We sent a code to {sentTo}. Enter it to continue to the document.</Trans>
          </p>
          {error}
          <TextField
            label={t`Code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <BusyButton type="submit" busy={state.busy} block>
            <Trans>Continue to sign</Trans>
          </BusyButton>
          <Button
            variant="secondary"
            disabled={state.busy}
            onClick={() => visit.send({ type: 'code.resend' })}
          >
            <Trans>Send a new code</Trans>
          </Button>
        </form>
      )}
    </section>
  )
}
