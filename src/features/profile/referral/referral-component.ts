import type { ReferralToken } from '../../../../contract/referral.ts'

/** What the referral component's script (Cello) offers the commands queued for it. */
interface ReferralLibrary {
  boot(options: { productId: string; token: string; language: string }): Promise<void>
  shutdown(): void
}

declare global {
  /** The referral component's command queue (SPEC §7): commands pushed before its script loads run once it has. */
  var cello: { cmd: { push(command: (library: ReferralLibrary) => unknown): unknown } } | undefined
}

/** Where the script goes: the page, or a test's stand-in. */
type ScriptHost = Pick<Document, 'createElement' | 'getElementById'> & { head: Pick<HTMLElement, 'append'> }

const scriptId = 'referral-component-script'

/**
 * Boots the referral component with the user's token in `language`, loading its script once; answers the
 * shutdown. A script or boot that fails is logged only (SPEC §8).
 */
export function bootReferralComponent(
  referral: ReferralToken,
  language: string,
  page: ScriptHost = document,
  log: (message: string, error: unknown) => void = (message, error) => console.warn(message, error),
): () => void {
  globalThis.cello ??= { cmd: [] }
  globalThis.cello.cmd.push(async (library) => {
    try {
      await library.boot({ productId: referral.productId, token: referral.token, language })
    } catch (error) {
      log('The referral component did not start', error)
    }
  })
  if (page.getElementById(scriptId) === null) {
    const script = page.createElement('script')
    script.id = scriptId
    script.src = referral.scriptUrl
    script.async = true
    script.onerror = (error) => log('The referral component did not load', error)
    page.head.append(script)
  }
  return () => void globalThis.cello?.cmd.push((library) => library.shutdown())
}
