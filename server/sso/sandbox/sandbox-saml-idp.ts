import { inflateRawSync } from 'node:zlib'
import { parseDomFromString } from '@node-saml/node-saml/lib/xml.js'
import { type Context, Hono } from 'hono'
import type { SamlServiceProvider } from '../saml-client.ts'
import { ssoPaths } from '../sso-paths.ts'
import { authorizeErrorPage, authorizePage, authorizePagePolicy, postBackPage } from './authorize-page.ts'
import { samlResponseXml, signSamlAssertion } from './saml-answer.ts'
import { sandboxSamlKey } from './sandbox-saml-key.ts'

/** Options of {@link createSandboxSamlIdp}. */
export type SandboxSamlIdpOptions = {
  /** Absolute entity id: the public address of {@link ssoPaths.sandboxSamlIdp}. */
  entityId: string
  /** The one service provider the sandbox knows: this app. */
  serviceProvider: SamlServiceProvider
  now: () => Date
}

/** What the sandbox reads of an AuthnRequest (HTTP-Redirect binding: deflated, base64). */
async function readRequest(samlRequest: string | undefined) {
  if (samlRequest === undefined) return null
  try {
    const dom = await parseDomFromString(inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8'))
    const request = dom.documentElement
    if (request.localName !== 'AuthnRequest') return null
    const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]
      ?.textContent
    return {
      id: request.getAttribute('ID') ?? '',
      acsUrl: request.getAttribute('AssertionConsumerServiceURL') ?? '',
      issuer: issuer ?? '',
    }
  } catch {
    return null
  }
}

/**
 * Outside production: a SAML 2.0 identity provider on this server, so SAML single sign-on can be tried for
 * real. Its sign-in page lets the tester name any company user; it answers with a response whose assertion
 * it signs with its own key (made per process), by node-saml's signing.
 */
export function createSandboxSamlIdp({ entityId, serviceProvider, now }: SandboxSamlIdpOptions): Hono {
  const path = `${ssoPaths.sandboxSamlIdp}/sso`
  const page = (c: Context, html: string, status: 400 | 200 = 200) =>
    c.html(html, status, { 'Content-Security-Policy': authorizePagePolicy })

  // Answers only this app, at the assertion consumer service it registered: never a stranger's address.
  const checkedRequest = async (c: Context, fields: Record<string, unknown>) => {
    const request = await readRequest(typeof fields.SAMLRequest === 'string' ? fields.SAMLRequest : undefined)
    if (request === null) return { refused: page(c, authorizeErrorPage('No valid SAMLRequest.'), 400) }
    if (request.issuer !== serviceProvider.entityId)
      return { refused: page(c, authorizeErrorPage('Unknown service provider.'), 400) }
    if (request.acsUrl !== serviceProvider.acsUrl)
      return { refused: page(c, authorizeErrorPage('Unknown AssertionConsumerServiceURL.'), 400) }
    const carried = { SAMLRequest: String(fields.SAMLRequest), RelayState: String(fields.RelayState ?? '') }
    return { request, carried }
  }

  return new Hono()
    .get(path, async (c) => {
      const checked = await checkedRequest(c, c.req.query())
      if ('refused' in checked) return checked.refused
      return page(c, authorizePage({ request: checked.carried, email: '', givenName: '', familyName: '' }))
    })
    .post(path, async (c) => {
      const form = await c.req.parseBody()
      const checked = await checkedRequest(c, form)
      if ('refused' in checked) return checked.refused
      const { request, carried } = checked
      const entered = (name: string) => (typeof form[name] === 'string' ? form[name].trim() : '')
      const email = entered('email').toLowerCase()
      const answer = {
        issuer: entityId,
        inResponseTo: request.id,
        recipient: serviceProvider.acsUrl,
        audience: serviceProvider.entityId,
        now: now(),
      }
      let response: string
      if (form.action === 'cancel') {
        response = samlResponseXml(answer)
      } else {
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
          const refusal = authorizePage({
            request: carried,
            email,
            givenName: entered('given_name'),
            familyName: entered('family_name'),
            error: 'Enter an e-mail address.',
          })
          return page(c, refusal, 400)
        }
        const person = { email, givenName: entered('given_name'), familyName: entered('family_name') }
        response = signSamlAssertion(samlResponseXml({ ...answer, person }), await sandboxSamlKey())
      }
      const fields = {
        SAMLResponse: Buffer.from(response).toString('base64'),
        RelayState: carried.RelayState,
      }
      return page(
        c,
        postBackPage({
          action: serviceProvider.acsUrl,
          fields,
          email: form.action === 'cancel' ? '' : email,
        }),
      )
    })
}
