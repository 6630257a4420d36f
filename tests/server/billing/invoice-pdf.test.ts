import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingPaths, invoicesSchema, setupIntentSchema } from '../../../contract/billing.ts'
import { businessPaths, businessSchema } from '../../../contract/businesses.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { featureDrivers } from '../test-database.ts'

const dir = mkdtempSync(join(tmpdir(), 'signet-invoice-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The text of a PDF as poppler's pdftotext reads it, lines kept apart. */
function pdfText(bytes: ArrayBuffer): string {
  const file = join(dir, `${crypto.randomUUID()}.pdf`)
  writeFileSync(file, Buffer.from(bytes))
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

/** `EUR 1,250.00`: an amount in minor units as an English invoice prints it. */
const money = (currency: string, amount: number) =>
  `${currency} ${Math.floor(amount / 100).toLocaleString('en-GB')}.${String(amount % 100).padStart(2, '0')}`

type Buyer = { name: string; country: string; vat: string; currency: 'EUR' | 'CHF' }

describe.each(featureDrivers)('invoice PDFs on %s', (driver) => {
  let client: AccountsClient
  beforeAll(async () => {
    client = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await client.server.stop()
  })

  /** A business of `buyer` that ends its trial and buys 5 yearly seats of the team plan with `card`; answers its invoices. */
  const subscribed = async (buyer: Buyer, card = '4242424242424242') => {
    const token = await client.signUp(`admin-${crypto.randomUUID()}@invoice.example`)
    const created = await client.call('POST', businessPaths.businesses(), {
      token,
      body: {
        name: buyer.name,
        email: 'office@invoice.example',
        phone: '+41 44 123 45 67',
        billing: {
          address1: 'Main street 1',
          city: 'Town',
          postal_code: '1000',
          country: buyer.country,
          vat: buyer.vat,
        },
      },
    })
    const { id } = v.parse(businessSchema, await readJson(created, 201))
    // A plan chosen in the trial is charged when the trial ends: this business ends it first, to pay now.
    await readJson(await client.call('POST', billingPaths.cancelTrial(id), { token }))
    const intent = v.parse(
      setupIntentSchema,
      await readJson(
        await client.call('POST', billingPaths.setupIntent(id), { token, body: { country: buyer.country } }),
        201,
      ),
    )
    await client.call('POST', billingPaths.sandboxConfirm(), {
      body: {
        client_secret: intent.clientSecret,
        card: { number: card, exp_month: 12, exp_year: 2030, cvc: '123' },
      },
    })
    const upgraded = await client.call('PUT', billingPaths.upgrade(id), {
      token,
      body: {
        plan: 'team',
        cycle: 'yearly',
        amount_seats: 5,
        currency: buyer.currency,
        setup_intent_id: intent.id,
      },
    })
    const listed = await client.call('GET', billingPaths.invoices(id), { token })
    return { id, token, upgraded, invoices: v.parse(invoicesSchema, await readJson(listed)).invoices }
  }

  const download = async (business: { id: string; token: string }, invoiceId: string) => {
    const pdf = await client.call('GET', billingPaths.invoicePdf(business.id, invoiceId), {
      token: business.token,
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    return pdfText(await pdf.arrayBuffer())
  }

  it.each([
    { name: 'Łódź Sp. z o.o.', country: 'PL', vat: 'PL5213870274', currency: 'EUR', note: /Reverse charge/ },
    {
      name: 'Ελληνική Εταιρεία ΑΕ',
      country: 'GR',
      vat: 'EL094259216',
      currency: 'EUR',
      note: /Reverse charge/,
    },
    { name: 'ООО Ромашка', country: 'RU', vat: '', currency: 'EUR', note: /not subject to Swiss VAT/ },
    { name: 'Zürcher Käserei AG', country: 'CH', vat: 'CHE-116.281.710 MWST', currency: 'CHF', note: null },
  ] as const)(
    'draws the invoice of $name with seller, buyer, the line in words and its VAT',
    async (buyer) => {
      const business = await subscribed(buyer)
      const [invoice] = business.invoices
      if (invoice === undefined) throw new Error('no invoice')
      const text = await download(business, invoice.id)
      // The seller this test server issues invoices as (SELLER_* unset outside production).
      expect(text).toContain('Signet Test System AG')
      expect(text).toContain('VAT number: CHE-000.000.000 MWST')
      expect(text).toContain(buyer.name)
      if (buyer.vat !== '') expect(text).toContain(`VAT number: ${buyer.vat}`)
      expect(text).toContain(`Number: ${invoice.number}`)
      expect(text).toMatch(/Team plan, 5 seats, yearly, \d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}/)
      const rate = buyer.country === 'CH' ? '8.1%' : '0%'
      const net = invoice.subtotal - invoice.discount
      expect(text).toMatch(
        new RegExp(
          `VAT ${rate.replace('.', '\\.')} on ${money(invoice.currency, net)}\\s+${money(invoice.currency, invoice.tax)}`,
        ),
      )
      expect(text).toMatch(new RegExp(`Total\\s+${money(invoice.currency, invoice.total)}`))
      if (buyer.note === null) {
        expect(invoice.tax).toBeGreaterThan(0)
        expect(text).not.toMatch(/Reverse charge|not subject to Swiss VAT/)
      } else {
        expect(invoice.tax).toBe(0)
        expect(text).toMatch(buyer.note)
      }
    },
  )

  it('numbers the invoices of the server in one series without gaps, a declined payment taking no number', async () => {
    const buyer = { name: 'Numbered GmbH', country: 'CH', vat: '', currency: 'CHF' } as const
    const first = await subscribed(buyer)
    const declined = await subscribed(buyer, '4000000000000341')
    expect(declined.upgraded.status).toBe(402)
    expect(declined.invoices).toEqual([])
    const second = await subscribed(buyer)
    const numbers = [first, second].map((business) => business.invoices[0]?.number ?? '')
    const [a, b] = numbers.map((number) => Number(/^SBX-(\d{6})$/.exec(number)?.[1]))
    expect(b).toBe((a ?? 0) + 1)
  })
})
