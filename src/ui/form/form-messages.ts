import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** SPEC §5 generic form messages, by validation code; `{0}` is the rule's number or character. */
export const formMessages = {
  required: msg`This field is required.`,
  email: msg`Please enter a valid e-mail address.`,
  numbersOnly: msg`Please use numbers only.`,
  integersOnly: msg`Please enter a whole number.`,
  uppercaseOnly: msg`Please use capital letters only.`,
  maxLength: msg`Please use at most {0} characters.`,
  minLength: msg`Please use at least {0} characters.`,
  invalidLength: msg`This value does not have a valid length.`,
  charNotAllowed: msg`The character {0} is not allowed.`,
  chooseOne: msg`Please choose at least one value.`,
  invalidFormat: msg`This value does not have a valid format.`,
  minValue: msg`Please enter a value of at least {0}.`,
  maxValue: msg`Please enter a value of at most {0}.`,
} as const satisfies Record<string, MessageDescriptor>

/** One of the generic form validation codes. */
export type FormMessageCode = keyof typeof formMessages
