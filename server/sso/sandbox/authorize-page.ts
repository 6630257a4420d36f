import { serverPageContentSecurityPolicy } from '../../http/security-headers.ts'

/** What the sandbox's sign-in page shows and sends back. */
export type AuthorizePageInput = {
  /** The authorization request's parameters, carried through the form unchanged. */
  request: Readonly<Record<string, string>>
  email: string
  givenName: string
  familyName: string
  /** A refusal of the entered values, shown above the form. */
  error?: string
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const styles = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;border:1px solid #d0d5dc}
h1{font-size:1.4rem;margin:0 0 .5rem}
p{margin:0 0 1.5rem;color:#444c56}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #8c959f;border-radius:4px}
input:focus,button:focus{outline:3px solid #0b63ce;outline-offset:2px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:4px;border:1px solid #0b63ce;cursor:pointer}
button[value=sign_in]{background:#0b63ce;color:#fff}
button[value=cancel]{background:#fff;color:#0b63ce}
[role=alert]{padding:.75rem;border:1px solid #b3261e;color:#b3261e;border-radius:4px;margin-bottom:1rem}
`

/** The policy of the sandbox's pages: their stylesheet and form, no script. */
/** The sandbox's page around `content`: its title, heading and styles. */
const sandboxPage = (content: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox identity provider</title>
<style>${styles}</style>
</head>
<body>
<main>
<h1>Sandbox identity provider</h1>
${content}
</main>
</body>
</html>`

/** `fields` as the hidden inputs of a form. */
const hiddenInputs = (fields: Readonly<Record<string, string>>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')

export const authorizePagePolicy = serverPageContentSecurityPolicy(styles)

/** The sandbox identity provider's sign-in page: plain HTML, one form, no script. */
export function authorizePage(input: AuthorizePageInput): string {
  const field = (name: string, label: string, value: string, autocomplete: string, type = 'text') =>
    `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" autocomplete="${autocomplete}"${
      name === 'email' ? ' required' : ''
    }>`
  return sandboxPage(`<p>A test stand-in for a company's sign-in service. Enter the company user to sign in as.</p>
${input.error === undefined ? '' : `<div role="alert">${escapeHtml(input.error)}</div>`}
<form method="post">
${hiddenInputs(input.request)}
${field('email', 'E-mail address', input.email, 'email', 'email')}
${field('given_name', 'First name', input.givenName, 'given-name')}
${field('family_name', 'Last name', input.familyName, 'family-name')}
<div class="actions">
<button type="submit" name="action" value="sign_in">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`)
}

/** The page shown instead of redirecting when the request names an unknown client or return address. */
export function authorizeErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sandbox identity provider</title><style>${styles}</style></head>
<body><main><h1>Sandbox identity provider</h1><div role="alert">${escapeHtml(message)}</div></main></body>
</html>`
}

/**
 * The SAML sandbox's answer: the HTTP-POST binding's form, sent by the tester's click (the page runs no
 * script, which real providers use to send it at once).
 */
export function postBackPage(input: {
  action: string
  fields: Readonly<Record<string, string>>
  email: string
}): string {
  return sandboxPage(`<p>${input.email === '' ? 'Sign-in cancelled.' : `Signed in as ${escapeHtml(input.email)}.`} Continue to the app.</p>
<form method="post" action="${escapeHtml(input.action)}">
${hiddenInputs(input.fields)}
<div class="actions"><button type="submit" value="sign_in">Continue</button></div>
</form>`)
}
