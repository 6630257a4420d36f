import styles from './page.module.css'

/** The picture of a server error (/sorry): a server whose light shows a fault, not the lost document of a 404. */
export function ServerErrorIllustration() {
  return (
    <svg className={styles.illustration} viewBox="0 0 280 180" role="img" aria-hidden="true">
      <ellipse cx="140" cy="160" rx="90" ry="10" fill="#e8effc" />
      <g transform="translate(88 24)">
        {[0, 40, 80].map((y) => (
          <g key={y} transform={`translate(0 ${y})`}>
            <rect width="104" height="32" rx="6" fill="#fff" stroke="#1f5fd1" strokeWidth="3" />
            <path d="M14 16h40" stroke="#d7dde5" strokeWidth="4" strokeLinecap="round" />
            <circle cx="86" cy="16" r="5" fill={y === 40 ? '#e65100' : '#7fb069'} />
          </g>
        ))}
      </g>
      <g transform="translate(196 30)">
        <path d="M20 2L39 36H1Z" fill="#fff3e0" stroke="#e65100" strokeWidth="3" strokeLinejoin="round" />
        <path d="M20 14v10" stroke="#e65100" strokeWidth="4" strokeLinecap="round" />
        <circle cx="20" cy="30" r="2.5" fill="#e65100" />
      </g>
    </svg>
  )
}
