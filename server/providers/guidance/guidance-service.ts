/**
 * The in-app guidance service (SPEC §4, §6, §7: Userpilot). The browser loads its SDK with the deployment's
 * token and the SDK talks to the service itself; the server only tells the app the token and lets the
 * service's origins through the Content-Security-Policy, as the service's CSP guide lists them.
 */
export const guidanceServiceOrigins = {
  script: ['https://js.userpilot.io', 'https://deploy.userpilot.io'],
  connect: ['https://*.userpilot.io', 'wss://*.userpilot.io'],
  img: ['https://*.userpilot.io'],
  font: ['https://fonts.userpilot.io'],
  media: ['https://js.userpilot.io'],
} as const
