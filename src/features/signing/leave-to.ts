import { resolveNavigation } from '../../lib/navigation.ts'

/** Leaves the app for a redirect URL the direct link named (parseExitRedirect let only http(s) through). */
export function leaveTo(url: string): void {
  window.location.assign(resolveNavigation(url, window.location.origin, { external: true }))
}
