import type { ActivityApp, Person } from './activity-app.ts'

/** The people and businesses of {@link seedActivity}. */
export type ActivityData = {
  acme: string
  globex: string
  grace: Person
  alan: Person
  nameless: Person
  hank: Person
  otto: Person
  botId: string
}

const at = (iso: string) => new Date(iso)

/**
 * Acme AG: Grace Hopper (admin), Alan Turing and a member without a name, and its API user `invoice-bot`
 * that signs with the seal "Acme Seal". Globex (Hank, admin) and Otto (no business) sign too, and nothing
 * of theirs is Acme's. In the default range (2026-02-14 to 2026-03-15) Acme's people gave six signatures:
 *
 * | signer   | request            | signed at              | quality |
 * |----------|--------------------|------------------------|---------|
 * | Grace    | Boundary start     | 2026-02-14T00:00:00Z   | ses     |
 * | Grace    | Board minutes      | 2026-02-20T08:00:00Z   | ses     |
 * | Alan     | Lease, "Draft 2"   | 2026-03-02T10:00:00Z   | aes     |
 * | bot      | Invoice 42 (seal)  | 2026-03-05T12:00:00Z   | aes     |
 * | Alan     | Board minutes      | 2026-03-10T09:00:00Z   | qes     |
 * | nameless | Last minute        | 2026-03-15T23:59:59.999Z | ses   |
 *
 * Before it: Grace's at 2026-02-13T23:59:59Z, Alan's in January and the nameless member's request whose
 * title begins like a spreadsheet formula (2026-01-20).
 *
 * Identifications that succeeded in the range: Alan by zertes video (2026-03-01T10:00:00Z) and Grace by eidas
 * robo (2026-03-12T15:00:00Z). Not counted: Grace's failed one (2026-03-11), Alan's eidas video in January,
 * and Hank's and Otto's.
 */
export async function seedActivity(app: ActivityApp): Promise<ActivityData> {
  const grace = await app.person('grace@acme.example', { first: 'Grace', last: 'Hopper' })
  const alan = await app.person('alan@acme.example', { first: 'Alan', last: 'Turing' })
  const nameless = await app.person('nameless@acme.example', null)
  const hank = await app.person('hank@globex.example', { first: 'Hank', last: 'Scorpio' })
  const otto = await app.person('otto@example.com', { first: 'Otto', last: 'Outside' })
  const acme = await app.business('Acme AG', grace)
  await app.join(acme, alan, 'member')
  await app.join(acme, nameless, 'member', at('2026-02-05T09:00:00Z'))
  const botId = await app.apiUser(acme, 'invoice-bot')
  const seal = await app.seal(acme, 'Acme Seal')
  const globex = await app.business('Globex', hank)

  const lease = await app.request(alan.id, 'Lease, "Draft 2"', at('2026-03-01T09:00:00Z'))
  await app.signature(lease, alan.id, at('2026-03-02T10:00:00Z'), 'aes')
  await app.signature(lease, otto.id, at('2026-03-02T11:00:00Z'))
  await app.signature(lease, grace.id, null)
  const board = await app.request(grace.id, 'Board minutes', at('2026-02-20T07:00:00Z'))
  await app.signature(board, grace.id, at('2026-02-20T08:00:00Z'), 'ses')
  await app.signature(board, alan.id, at('2026-03-10T09:00:00Z'), 'qes')
  const invoice = await app.request(botId, 'Invoice 42', at('2026-03-05T11:00:00Z'))
  await app.signature(invoice, botId, at('2026-03-05T12:00:00Z'), 'aes', seal)
  const start = await app.request(grace.id, 'Boundary start', at('2026-02-14T00:00:00Z'))
  await app.signature(start, grace.id, at('2026-02-14T00:00:00Z'))
  const last = await app.request(nameless.id, 'Last minute', at('2026-03-15T08:00:00Z'))
  await app.signature(last, nameless.id, at('2026-03-15T23:59:59.999Z'))
  await app.request(grace.id, 'Still a draft', at('2026-03-03T10:00:00Z'), true)

  const before = await app.request(grace.id, 'Before the range', at('2026-02-13T20:00:00Z'))
  await app.signature(before, grace.id, at('2026-02-13T23:59:59Z'))
  const old = await app.request(alan.id, 'Old contract', at('2026-01-10T10:00:00Z'))
  await app.signature(old, alan.id, at('2026-01-11T10:00:00Z'), 'qes')
  const formula = await app.request(
    nameless.id,
    '=HYPERLINK("https://evil.example")',
    at('2026-01-20T10:00:00Z'),
  )
  await app.signature(formula, nameless.id, at('2026-01-20T11:00:00Z'))

  await app.identification(alan.id, 'zertes', 'video', at('2026-03-01T10:00:00Z'))
  await app.identification(grace.id, 'eidas', 'robo', at('2026-03-12T15:00:00Z'))
  await app.identification(grace.id, 'eidas', 'video', at('2026-03-11T15:00:00Z'), 'failure')
  await app.identification(alan.id, 'eidas', 'video', at('2026-01-05T15:00:00Z'))
  await app.identification(hank.id, 'zertes', 'video', at('2026-03-02T10:00:00Z'))
  await app.identification(otto.id, 'zertes', 'autoident', at('2026-03-02T10:00:00Z'))

  const deal = await app.request(hank.id, 'Globex deal', at('2026-03-04T10:00:00Z'))
  await app.signature(deal, hank.id, at('2026-03-04T11:00:00Z'))
  const outside = await app.request(otto.id, "Otto's own", at('2026-03-06T10:00:00Z'))
  await app.signature(outside, otto.id, at('2026-03-06T11:00:00Z'))
  return { acme, globex, grace, alan, nameless, hank, otto, botId }
}
