// `npm run csc-sandbox`: the sandbox QTSP (server/providers/csc/sandbox-csc-server.ts) on 127.0.0.1, for a
// development server to make qualified signatures through the CSC API. Prints the CSC_* settings to start
// the server with, its root CA among them (CSC_TRUST_ANCHORS), which validation trusts; its CA and
// credentials last as long as it runs.
import { parseArgs } from 'node:util'
import { startSandboxCscServer } from '../server/providers/csc/sandbox-csc-server.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8090' },
    'client-id': { type: 'string', default: 'signet-dev' },
    'client-secret': { type: 'string', default: 'signet-dev-secret' },
    scal: { type: 'string', default: '1' },
  },
})
const port = Number(values.port)
const scal = values.scal
if (!Number.isInteger(port) || port < 0 || port > 65535 || (scal !== '1' && scal !== '2')) {
  console.error(
    'Usage: npm run csc-sandbox -- [--port 8090] [--client-id id] [--client-secret secret] [--scal 1|2]',
  )
  process.exit(2)
}
const clientId = values['client-id']
const clientSecret = values['client-secret']
const sandbox = await startSandboxCscServer({ clientId, clientSecret }, port, scal)
console.log(
  `CSC_BASE_URL=${sandbox.baseUrl} CSC_CLIENT_ID=${clientId} CSC_CLIENT_SECRET=${clientSecret} CSC_TRUST_ANCHORS="${sandbox.caPem}"`,
)
process.on('SIGINT', () => {
  void sandbox.close().then(() => process.exit(0))
})
