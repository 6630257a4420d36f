import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { loadConfig } from '../../server/config.ts'

/**
 * No container engine runs here, so the Dockerfile and compose.yaml are checked for what can go stale
 * without one: the files they name, and that the server accepts the configuration they give it.
 */
const root = new URL('../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
const exists = (path: string) => existsSync(new URL(path, root))
/** What the build stage makes that the repository does not hold. */
const built = new Set(['dist', 'node_modules'])

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile')
  const copies = [...dockerfile.matchAll(/^COPY\s+(--from=\S+\s+)?(.+)$/gm)].map(([, from, args = '']) => ({
    fromStage: from !== undefined,
    sources: args.trim().split(/\s+/).slice(0, -1),
  }))

  it('copies only files the repository holds or the build stage makes', () => {
    expect(copies.length).toBeGreaterThan(0)
    for (const { fromStage, sources } of copies) {
      for (const source of sources) {
        const path = fromStage ? source.replace(/^\/app\//, '') : source
        if (path === '.' || (fromStage && built.has(path))) continue
        expect(exists(path), `${source} in COPY`).toBe(true)
      }
    }
  })

  it('runs the server entry on the Node major the project needs, and checks the health path', () => {
    const command = /^CMD \["node", "([^"]+)"\]$/m.exec(dockerfile)?.[1] ?? ''
    expect(exists(command), command).toBe(true)
    expect(dockerfile).toMatch(/^FROM node:24-/m)
    expect(dockerfile).toContain(apiUrl(apiPaths.health()))
    expect(dockerfile).toMatch(/^USER node$/m)
  })

  it("installs the pg_dump of compose.yaml's PostgreSQL major, for backups", () => {
    const major = /^\s+image: postgres:(\d+)$/m.exec(read('compose.yaml'))?.[1]
    expect(major).toBeDefined()
    expect(dockerfile).toMatch(new RegExp(`apt-get install [^\\n]*postgresql-client-${major}\\b`))
  })
})

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<
      string,
      {
        build?: string
        environment?: Record<string, string | number>
        depends_on?: Record<string, unknown> | string[]
        volumes?: string[]
      }
    >
    volumes: Record<string, unknown>
  }
  /** What the operator puts in .env for a variable compose requires (`${NAME:?message}`). */
  const operatorEnv: Record<string, string> = { KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') }
  /**
   * `${NAME:-default}` as compose fills it in when NAME is unset, `${NAME:?message}` with the operator's value;
   * `$$` is a literal `$`.
   */
  const interpolate = (value: string | number) =>
    String(value)
      .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
      .replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: string) => operatorEnv[name] ?? '')
      .replace(/\$\$/g, '$')

  it('builds the server from this Dockerfile and gives it a configuration the server accepts', () => {
    const server = compose.services.server
    expect(server?.build).toBe('.')
    expect(exists('Dockerfile')).toBe(true)
    const env = Object.fromEntries(
      Object.entries(server?.environment ?? {}).map(([name, value]) => [name, interpolate(value)]),
    )
    const dockerEnv = /^ENV (.+)$/m.exec(read('Dockerfile'))?.[1] ?? ''
    const imageEnv = Object.fromEntries(dockerEnv.split(/\s+/).map((pair) => pair.split('=')))
    const config = loadConfig({ ...imageEnv, ...env })
    expect(config.appMode).toBe('production')
    expect(config.database.driver).toBe('postgres')
    expect(config.s3?.bucket).toBe('signet')
  })

  it('names only services and volumes it defines', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const needs = Array.isArray(service.depends_on)
        ? service.depends_on
        : Object.keys(service.depends_on ?? {})
      for (const other of needs) expect(compose.services[other], `${name} depends on ${other}`).toBeDefined()
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? ''
        if (!source.startsWith('.') && !source.startsWith('/')) expect(compose.volumes).toHaveProperty(source)
      }
    }
  })
})
