import styles from './page.module.css'

/** The SPEC §2 '404 image': a document that lost its way, shown on error pages. */
export function LostIllustration() {
  return (
    <svg className={styles.illustration} viewBox="0 0 280 180" role="img" aria-hidden="true">
      <text x="140" y="120" textAnchor="middle" fontSize="112" fontWeight="700" fill="#e8effc">
        404
      </text>
      <g transform="translate(104 36) rotate(-8)">
        <rect width="72" height="96" rx="8" fill="#fff" stroke="#1f5fd1" strokeWidth="3" />
        <path d="M14 24h44M14 38h44M14 52h30" stroke="#d7dde5" strokeWidth="4" strokeLinecap="round" />
        <path
          d="M14 76c6-2 9-12 14-12s2 10 8 10 5-5 10-5"
          fill="none"
          stroke="#1f5fd1"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </g>
      <circle cx="212" cy="52" r="14" fill="none" stroke="#e65100" strokeWidth="3" />
      <path d="M222 62l14 14" stroke="#e65100" strokeWidth="4" strokeLinecap="round" />
    </svg>
  )
}
