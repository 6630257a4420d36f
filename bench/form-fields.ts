/**
 * Fields besides the signature: time of `POST /v3/sign` for a 10-page PDF whose signer fills 20 fields (text,
 * date, checkbox and initials, two per page, written into the signature's update), against the same signing
 * without fields, and their ratio (issue 40: at most 1.5x). Both leave the request open (B-T), so only the
 * fields differ. Runs the real server in-process on the embedded database (or DATABASE_URL when set), the
 * two kinds of signing alternated. Prints; asserts nothing.
 *
 * Run: node bench/form-fields.ts [runs]
 */
import { apiPaths } from '../contract/paths.ts'
import { a4, makePdf } from '../tests/fixtures/make-fixtures.ts'
import { ms, percentile, startSigningServer } from './figures.ts'

const runs = Number(process.argv[2] ?? 40)

const server = await startSigningServer('form-fields')
const { call } = server

const kinds = ['text', 'date', 'checkbox', 'initials'] as const
const values = { text: 'Flat 4, second floor', date: '2026-12-31', checkbox: 'true', initials: 'AB' }
// One PDF for every request: stored once by its hash, so its pages are rendered once.
const pdf = await makePdf(Array.from({ length: 10 }, () => a4))

/** An OPEN request with the PDF that the user signs first, with 20 fields for them when `withFields`. */
async function openRequest(
  token: string,
  email: string,
  title: string,
  withFields: boolean,
): Promise<string> {
  const draft = (await call('POST', apiPaths.signatureRequests(), token, { title })) as { id: string }
  const form = new FormData()
  form.set('file', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'contract.pdf')
  const upload = await fetch(`${server.url}/api${apiPaths.signatureRequestDocuments(draft.id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`)
  const { documents } = (await call('GET', apiPaths.signatureRequest(draft.id), token)) as {
    documents: { id: string }[]
  }
  const documentId = documents[0]?.id ?? ''
  const formFields = Array.from({ length: withFields ? 20 : 0 }, (_, index) => {
    const kind = kinds[index % kinds.length] ?? 'text'
    const y = 300 - (index % 2) * 40
    return { kind, document_id: documentId, page: Math.floor(index / 2), x: 72, y, width: 200, height: 20 }
  })
  await call('POST', apiPaths.signatureRequestSignatures(draft.id), token, {
    account_email: email,
    form_fields: formFields,
  })
  await call('POST', apiPaths.signatureRequestSignatures(draft.id), token, {
    account_email: 'later@example.com',
  })
  await call('POST', apiPaths.initiateSignatureRequest(draft.id), token)
  return draft.id
}

async function sign(token: string, id: string): Promise<number> {
  const request = (await call('GET', apiPaths.signatureRequest(id), token)) as {
    signatures: { form_fields: { id: string; kind: (typeof kinds)[number] }[] }[]
  }
  const formValues = request.signatures.flatMap((s) =>
    s.form_fields.map((field) => ({ field_id: field.id, value: values[field.kind] })),
  )
  const started = performance.now()
  const answer = (await call('POST', apiPaths.sign(), token, {
    signature_requests: [{ signature_request_id: id, form_values: formValues }],
    language: 'en',
  })) as { results: { result: string }[] }
  const elapsed = performance.now() - started
  if (answer.results[0]?.result !== 'complete') throw new Error(`sign: ${JSON.stringify(answer)}`)
  return elapsed
}

try {
  const email = 'bench@example.com'
  const token = await server.signUp(email)
  const warmUp = 5
  const plain: string[] = []
  const filled: string[] = []
  for (let index = 0; index < runs + warmUp; index++) {
    plain.push(await openRequest(token, email, `Plain ${index}`, false))
    filled.push(await openRequest(token, email, `Fields ${index}`, true))
  }
  // Let the one render job of the shared PDF finish before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const without: number[] = []
  const withFields: number[] = []
  for (const [index, id] of plain.entries()) {
    const a = await sign(token, id)
    const b = await sign(token, filled[index] ?? '')
    if (index >= warmUp) {
      without.push(a)
      withFields.push(b)
    }
  }
  const line = (label: string, samples: number[]) =>
    console.log(`${label}: p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}`)
  line('POST /v3/sign, 10 pages, no fields', without)
  line('POST /v3/sign, 10 pages, 20 filled fields', withFields)
  const ratio = percentile(withFields, 50) / percentile(without, 50)
  console.log(
    `20 fields cost ${ratio.toFixed(2)}x signing without (p50, goal at most 1.5x), ${runs} runs each`,
  )
} finally {
  await server.close()
}
