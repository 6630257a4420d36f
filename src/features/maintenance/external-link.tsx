import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { resolveNavigation } from '../../lib/navigation.ts'

/**
 * A link that leaves the app, marked external (SPEC §2), opened in a new tab without giving that tab a
 * handle on this one; a URL that is not http(s) renders its text only.
 */
export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string
  className?: string
  children: ReactNode
}) {
  const { t } = useLingui()
  let url: string
  try {
    url = resolveNavigation(href, window.location.origin, { external: true })
  } catch {
    return <span className={className}>{children}</span>
  }
  return (
    <a href={url} className={className} target="_blank" rel="external noopener noreferrer" data-external="">
      {children}
      <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
    </a>
  )
}
