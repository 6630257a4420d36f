import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message an SMTP test server received: envelope and the raw message. */
type ReceivedMail = { from: string; to: string[]; raw: Buffer }

/** A real SMTP server on a free local port that keeps what it receives. */
export type SmtpTestServer = { url: string; received: ReceivedMail[]; close(): Promise<void> }

/**
 * Starts the server; while `stalls()` answers true, it keeps each message it receives and never acknowledges
 * it (a server that hangs after the data, so the sender cannot know the message arrived).
 */
export async function startSmtpTestServer({
  stalls = () => false,
}: {
  stalls?: () => boolean
} = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    // No certificate to trust here: plain SMTP on localhost.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        })
        if (!stalls()) callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
