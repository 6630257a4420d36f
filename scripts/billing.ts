// `npm run billing -- ...`: the operator's commands for manual invoicing (SPEC §4 MANUAL). They write to the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR while the server is stopped).
import { parseArgs } from 'node:util'
import { setManualInvoicing, writeManualInvoice } from '../server/billing/manual-invoicing.ts'
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/open-database.ts'

const usage = `Usage:
  npm run billing -- manual <business-id> [--off]
  npm run billing -- invoice <business-id> --description <text> --amount <minor units>
                     --currency CHF|EUR [--quantity 1] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--paid]`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    off: { type: 'boolean', default: false },
    description: { type: 'string' },
    amount: { type: 'string' },
    currency: { type: 'string' },
    quantity: { type: 'string', default: '1' },
    from: { type: 'string' },
    to: { type: 'string' },
    paid: { type: 'boolean', default: false },
  },
})
const [command, businessId] = positionals
if ((command !== 'manual' && command !== 'invoice') || businessId === undefined) {
  console.error(usage)
  process.exit(2)
}
const database = await openDatabase(loadConfig(process.env).database)
try {
  await database.migrate()
  if (command === 'manual') {
    await setManualInvoicing(database.db, businessId, !values.off)
    console.log(`Business ${businessId} is ${values.off ? 'no longer' : 'now'} invoiced by hand.`)
  } else {
    const amount = Number(values.amount)
    const quantity = Number(values.quantity)
    const currency = values.currency
    if (
      !values.description ||
      !Number.isInteger(amount) ||
      amount < 0 ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      (currency !== 'CHF' && currency !== 'EUR')
    ) {
      console.error(usage)
      process.exit(2)
    }
    const now = new Date()
    const from = values.from ? new Date(values.from) : now
    const to = values.to
      ? new Date(values.to)
      : new Date(Date.UTC(from.getUTCFullYear() + 1, from.getUTCMonth(), from.getUTCDate()))
    const number = await writeManualInvoice(
      database.db,
      businessId,
      {
        description: values.description,
        quantity,
        unitAmount: amount,
        currency,
        periodStart: from,
        periodEnd: to,
        paid: values.paid,
      },
      now,
    )
    console.log(`Invoice ${number} written for business ${businessId}.`)
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
