import { Link } from '@tanstack/react-router'
import { productName } from '../../../contract/app-config.ts'
import styles from './layout.module.css'

/** The product's mark and name, linking home. */
export function Brand() {
  return (
    <Link to="/" className={styles.brand} aria-label={productName}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" opacity="0.12" />
        <path
          d="M7 21c3-1 5-9 8-9s1 8 4 8 3-4 6-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.brandName}>{productName}</span>
    </Link>
  )
}
