import { Trans, useLingui } from '@lingui/react/macro'
import type {
  IdentificationMethod,
  Legislation,
} from '../../../machines/identification/identification.types.ts'
import { mailboxHref } from '../../lib/mailboxes.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { legislationTitles, methodTitles } from './identification-messages.ts'

/**
 * SPEC §2: the methods not done in the app (in person at a partner office, an external signature card) are
 * arranged with our support: a mail to the support mailbox on the product's host (SPEC §9, as the mails'
 * sender is), naming the method and the legislation.
 */
export function AskSupportLink(props: { legislation: Legislation; method: IdentificationMethod }) {
  const { i18n } = useLingui()
  const title = i18n._(methodTitles[props.method])
  const subject = `${title}, ${i18n._(legislationTitles[props.legislation])}`
  return (
    <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={mailboxHref('support', subject)}>
      <Trans>
        Ask our support<span className="visually-hidden"> {title}</span>
      </Trans>
    </a>
  )
}
