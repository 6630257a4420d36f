import { readFileSync } from 'node:fs'

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** This release of Signet as error reports name it, in the browser and on the server: `signet@<version>`. */
export const signetRelease = `signet@${version}`
