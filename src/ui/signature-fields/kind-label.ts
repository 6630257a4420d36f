import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { PlacedKind } from '../../../machines/field-placement/field-placement.types.ts'

/** The name of each kind of field the sender places, as the screens show it. */
const kindLabels: Record<PlacedKind, MessageDescriptor> = {
  signature: msg`Signature`,
  text: msg`Text`,
  date: msg`Date`,
  checkbox: msg`Checkbox`,
  initials: msg`Initials`,
  name: msg`Name`,
  email: msg`E-mail`,
  company: msg`Company`,
}

/** Names a kind of field in the user's language. */
export function useKindLabel(): (kind: PlacedKind) => string {
  const { i18n } = useLingui()
  return (kind) => i18n._(kindLabels[kind])
}
