import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { statecharts } from '../../../machines/catalog.ts'
import styles from './statecharts.module.css'

/** Every statechart of the product, as cards that open its live diagram. */
export function StatechartList() {
  const { i18n, t } = useLingui()
  return (
    <div className={styles.list}>
      <header>
        <h1>
          <Trans>Statecharts</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>
            Every flow of the app as a live diagram. Open one to walk through it on its own: send events,
            settle the calls it makes and let time pass.
          </Trans>
        </p>
      </header>
      <ul className={styles.cards} aria-label={t`Machines`}>
        {statecharts.map(({ id, title, spec, summary }) => (
          <li key={id} className={styles.card}>
            <h2>
              <Link to="/statecharts" search={{ machine: id }} className={styles.cardLink}>
                {i18n._(title)}
              </Link>
            </h2>
            <p className={styles.spec}>
              <Trans>SPEC {spec}</Trans>
            </p>
            <p>{i18n._(summary)}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
