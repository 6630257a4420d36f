import { Trans, useLingui } from '@lingui/react/macro'
import { legislations } from '../../../machines/identification/identification.types.ts'
import { FlowLink } from './flow-link.tsx'
import { legislationTitles, legislationUses } from './identification-messages.ts'
import { type IdentificationBase, identificationPath } from './identification-routes.ts'
import styles from './signature-standards.module.css'

/**
 * The first step of the identification flow: the legislation the signature must be valid under, eIDAS (EU)
 * or ZertES (Switzerland). `only` narrows it to the one a request asks for.
 */
export function LegislationChoice({
  base,
  query = '',
  only,
}: {
  base: IdentificationBase
  query?: string
  only?: (typeof legislations)[number] | null
}) {
  const { i18n } = useLingui()
  const offered = only ? [only] : legislations
  return (
    <section className={styles.card} aria-labelledby="legislation-choose">
      <h2 id="legislation-choose">
        <Trans>Under which law do you sign?</Trans>
      </h2>
      <p className={styles.lead}>
        <Trans>You identify yourself once for each legislation.</Trans>
      </p>
      <div className={styles.choices}>
        {offered.map((legislation) => (
          <FlowLink
            key={legislation}
            className={styles.choice}
            href={identificationPath(base, `${legislation}${query}`)}
            data-testid={`choose-${legislation}`}
          >
            <strong>{i18n._(legislationTitles[legislation])}</strong>
            <span className={styles.lead}>{i18n._(legislationUses[legislation])}</span>
          </FlowLink>
        ))}
      </div>
    </section>
  )
}
