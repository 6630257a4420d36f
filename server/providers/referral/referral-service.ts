import { SignJWT } from 'jose'
import type { ReferralToken } from '../../../contract/referral.ts'
import type { ReferralConfig } from '../../config.ts'

/** The referral component's script at the referral service (Cello). */
const serviceScriptUrl = 'https://assets.cello.so/app/latest/cello.js'

/** Where the server serves its own stand-in of the script (CELLO_SANDBOX), under the API. */
export const sandboxScriptPath = '/sandbox/cello.js'

/**
 * The referral service's origins the Content-Security-Policy admits where it is configured (not its sandbox):
 * its script, its API, and the component it draws in a frame of its own.
 */
export const referralServiceOrigins = {
  script: ['https://assets.cello.so'],
  connect: ['https://*.cello.so', 'wss://*.cello.so'],
  frame: ['https://*.cello.so'],
  img: ['https://*.cello.so'],
} as const

/**
 * The widget token of user `userId` (SPEC §7): a JWT signed HS512 with the product's secret, naming the product
 * and the user, as the service's user authentication asks; the browser boots the component with it.
 */
export async function referralToken(
  referral: ReferralConfig,
  userId: string,
  now: Date,
  apiBase: string,
): Promise<ReferralToken> {
  const token = await new SignJWT({ productId: referral.productId, productUserId: userId })
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(new TextEncoder().encode(referral.productSecret))
  return {
    productId: referral.productId,
    token,
    scriptUrl: referral.sandbox ? `${apiBase}${sandboxScriptPath}` : serviceScriptUrl,
  }
}

/**
 * The sandbox's stand-in of the service's script (CELLO_SANDBOX): it takes the commands queued on `window.cello`
 * as the real one does, and `boot` shows a launcher button that opens a panel naming the product and the user of
 * the token (read, not checked: checking needs the secret, which never reaches the browser). No network.
 */
export const sandboxScript = `(() => {
  const queue = (window.cello && window.cello.cmd) || []
  const claims = (token) => JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))
  const api = {
    boot: async (options) => {
      const { productId, productUserId } = claims(options.token)
      if (productId !== options.productId) throw new Error('the token is for another product')
      const launcher = document.createElement('button')
      launcher.type = 'button'
      launcher.id = 'cello-sandbox-launcher'
      launcher.textContent = 'Refer a friend (sandbox)'
      launcher.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:1000'
      const panel = document.createElement('section')
      panel.hidden = true
      panel.setAttribute('aria-label', 'Referral (sandbox)')
      panel.style.cssText = 'position:fixed;right:16px;bottom:64px;z-index:1000;background:#fff;border:1px solid;padding:8px'
      panel.textContent = 'Product ' + productId + ', user ' + productUserId + ', language ' + options.language
      launcher.addEventListener('click', () => { panel.hidden = !panel.hidden })
      document.body.append(launcher, panel)
      api.shutdown = () => { launcher.remove(); panel.remove() }
    },
    shutdown: () => {},
  }
  window.cello = { cmd: { push: (command) => command(api) } }
  for (const command of queue) command(api)
})()
`
