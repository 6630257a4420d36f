/** A direct link as mailed to a signer: the request, the signature and the link's token. */
export type DirectLink = { requestId: string; signatureId: string; token: string }

/** The parts of a mailed direct link (`/view/{requestId}/{signatureId}?token=`). */
export function parseLink(link: string): DirectLink {
  const url = new URL(link)
  const match = /^\/view\/([^/]+)\/([^/]+)$/.exec(url.pathname)
  const token = url.searchParams.get('token')
  if (match?.[1] === undefined || match[2] === undefined || token === null)
    throw new Error(`not a direct link: ${link}`)
  return { requestId: match[1], signatureId: match[2], token }
}
