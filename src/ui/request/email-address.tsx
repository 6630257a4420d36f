import { Fragment } from 'react'
import styles from './request.module.css'

/**
 * An e-mail address that a narrow column wraps where a reader expects it: before the `@` and after each dot,
 * never in the middle of a name (issue 39: long addresses broke mid-word in the Signers card). A part longer
 * than the column still wraps inside it rather than overflow.
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?=@)|(?<=\.)/)
  return (
    <span className={styles.emailAddress}>
      {parts.map((part, index) => (
        // The parts of one address never move, so their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
