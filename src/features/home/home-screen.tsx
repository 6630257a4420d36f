import { Trans } from '@lingui/react/macro'
import styles from './home-screen.module.css'

const levels = [
  { id: 'ses', colour: 'var(--color-level-ses)' },
  { id: 'aes', colour: 'var(--color-level-aes)' },
  { id: 'qes', colour: 'var(--color-level-qes)' },
] as const

/** The start page: what the product does and the signature qualities it offers. */
export function HomeScreen() {
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1>
          <Trans>Sign documents. Ask others to sign. Done in minutes.</Trans>
        </h1>
        <p>
          <Trans>
            Upload a PDF, add the people who need to sign, and follow every signature until the document is
            complete. Every signed PDF carries a real digital signature that independent validators accept.
          </Trans>
        </p>
      </section>
      <section aria-labelledby="levels-heading">
        <h2 id="levels-heading">
          <Trans>Three signature qualities</Trans>
        </h2>
        <ul className={styles.levels}>
          {levels.map((level) => (
            <li key={level.id} style={{ borderTopColor: level.colour }}>
              <LevelText id={level.id} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

function LevelText({ id }: { id: (typeof levels)[number]['id'] }) {
  switch (id) {
    case 'ses':
      return (
        <>
          <h3>
            <Trans>Simple</Trans>
          </h3>
          <p>
            <Trans>For everyday agreements: sign with your account or a one-time code.</Trans>
          </p>
        </>
      )
    case 'aes':
      return (
        <>
          <h3>
            <Trans>Advanced</Trans>
          </h3>
          <p>
            <Trans>Bound to you alone, after your identity has been verified.</Trans>
          </p>
        </>
      )
    case 'qes':
      return (
        <>
          <h3>
            <Trans>Qualified</Trans>
          </h3>
          <p>
            <Trans>Equal to a handwritten signature under eIDAS and ZertES.</Trans>
          </p>
        </>
      )
  }
}
