import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { OutboxMail } from '../../../contract/outbox.ts'
import type { ComposedMail } from './compose-mail.ts'
import { parseMail } from './parse-mail.ts'

/** The development outbox: every mail as an `.eml` file in one directory, newest last by name. */
export type Outbox = {
  /** Writes the message to `<dir>/<id>.eml`; a reader never sees it half written. */
  write(mail: ComposedMail): Promise<void>
  /** Every mail, newest first. */
  list(): Promise<OutboxMail[]>
  /** One mail, or undefined when there is none with this id. */
  read(id: string): Promise<OutboxMail | undefined>
}

const idPattern = /^[\w-]+$/
const linkPattern = /https?:\/\/[^\s<>"')]+/g

/** Opens the outbox in `dir` (created on first write). */
export function createOutbox(dir: string): Outbox {
  async function read(id: string): Promise<OutboxMail | undefined> {
    if (!idPattern.test(id)) return undefined
    let source: string
    try {
      source = await readFile(join(dir, `${id}.eml`), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
    const mail = parseMail(source)
    const links = [
      ...new Set([...mail.text.matchAll(linkPattern)].map(([link]) => link.replace(/&amp;/g, '&'))),
    ]
    return { id, ...mail, links }
  }

  return {
    async write(mail) {
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${mail.id}.eml`)
      await writeFile(`${file}.tmp`, mail.message)
      await rename(`${file}.tmp`, file)
    },
    async list() {
      let names: string[]
      try {
        names = await readdir(dir)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      const ids = names
        .filter((name) => name.endsWith('.eml'))
        .map((name) => name.slice(0, -'.eml'.length))
        .sort()
        .reverse()
      const mails = await Promise.all(ids.map(read))
      return mails.filter((mail) => mail !== undefined)
    },
    read,
  }
}
