import { useNavigate } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'

/**
 * A link to another route of the identification flow, whose path is built at run time: a plain anchor (so
 * it opens in a new tab too) that navigates inside the app on a plain click.
 */
export function FlowLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useNavigate()
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    event.preventDefault()
    void navigate({ href })
  }
  return <a href={href} onClick={follow} {...rest} />
}
