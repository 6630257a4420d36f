import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { FormField, FormFieldKind } from '../../../contract/form-fields.ts'
import { formFillingMachine } from '../../../machines/form-filling/form-filling.machine.ts'
import { inspect } from '../../lib/inspect.ts'

/** The running form-filling machine of a request page, which its fields panel and Sign button share. */
export type FormFillingActor = ActorRefFrom<typeof formFillingMachine>

const noFields: readonly FormField[] = []

/**
 * The signer's fields besides the signature on a request page: a form-filling machine that takes the
 * fields again whenever the request loads with others (what the signer typed in the same fields stays).
 */
export function useFormFilling(
  fields: readonly FormField[] | undefined,
  /** The kinds the server fills from who signs (default: name, e-mail and company). */
  givenKinds?: readonly FormFieldKind[],
): FormFillingActor {
  const own = fields ?? noFields
  const actor = useActorRef(formFillingMachine, {
    input: { fields: own, ...(givenKinds === undefined ? {} : { givenKinds }) },
    inspect,
  })
  const ids = own.map((field) => field.id).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same fields again (a reload) change nothing
  useEffect(() => {
    actor.send({ type: 'fields.load', fields: own })
  }, [actor, ids])
  return actor
}
