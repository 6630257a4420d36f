import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { pino } from 'pino'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../contract/case.ts'
import { apiErrorSchema } from '../../contract/errors.ts'
import { apiBase, apiPaths, apiUrl } from '../../contract/paths.ts'
import { statusResponseSchema } from '../../contract/status.ts'
import { maintenanceNotice } from '../../machines/maintenance/maintenance-notice.ts'
import { createErrorHandler } from '../../server/http/error-handler.ts'
import {
  createStatusPageProvider,
  type StatusPageProviderOptions,
} from '../../server/providers/status-page/status-page-provider.ts'
import { createStatusRoutes } from '../../server/routes/status.ts'

const blockingPattern = /^(Signing|Platform)/

/** A Statuspage-style summary: a "Signing" group with one component, and a top-level "Website". */
function summary({
  maintenance = null,
  incident = null,
}: {
  maintenance?: 'scheduled' | 'in_progress' | 'completed' | null
  incident?: 'investigating' | 'resolved' | null
} = {}) {
  return {
    page: { id: 'p1', name: 'Signet', url: 'https://status.example.com' },
    status: { indicator: 'none', description: 'All Systems Operational' },
    components: [
      { id: 'grp', name: 'Signing services', group_id: null, group: true, components: ['pades'] },
      { id: 'pades', name: 'PAdES signing', status: 'under_maintenance', group_id: 'grp' },
      { id: 'web', name: 'Website', status: 'operational', group_id: null },
    ],
    incidents: incident
      ? [
          {
            id: 'inc1',
            name: 'Slow uploads',
            status: incident,
            shortlink: 'https://stspg.io/inc1',
            components: [{ id: 'web', name: 'Website' }],
          },
        ]
      : [],
    scheduled_maintenances: maintenance
      ? [
          {
            id: 'mnt1',
            name: 'Database upgrade',
            status: maintenance,
            shortlink: 'https://stspg.io/mnt1',
            components: [{ id: 'pades', name: 'PAdES signing' }],
          },
        ]
      : [],
  }
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}` }
}

function close(server: Server) {
  server.closeAllConnections()
  return new Promise<void>((resolve) => server.close(() => resolve()))
}

/** The status routes behind the app's error handler, served for real on a free port. */
async function startApi(options: StatusPageProviderOptions) {
  const statusPage = createStatusPageProvider({ logger: pino({ level: 'silent' }), ...options })
  const app = new Hono()
  app.onError(createErrorHandler(pino({ level: 'silent' })))
  app.route(apiBase, createStatusRoutes({ statusPage }))
  const listener = getRequestListener(app.fetch)
  let received = 0
  const { server, url } = await listen((req, res) => {
    received += 1
    void listener(req, res)
  })
  return {
    statusPage,
    /** How many calls have reached the app so far. */
    received: () => received,
    get: () => fetch(`${url}${apiUrl(apiPaths.status())}`),
    close: () => close(server),
  }
}

async function expectStatus(response: Response) {
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  return v.parse(statusResponseSchema, toCamelCase(await response.json()))
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503)
  const body = v.parse(apiErrorSchema, await response.json())
  expect(body).toMatchObject({ status: 503, code: 'status.unavailable', path: '/api/v1/status' })
}

describe('status page from a local file', () => {
  let dir: string
  let file: string
  let api: Awaited<ReturnType<typeof startApi>>

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'signet-status-'))
    file = join(dir, 'status.json')
    api = await startApi({ source: { kind: 'file', path: file } })
  })

  afterEach(async () => {
    await api.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('answers "all operational" without a token when the file does not exist', async () => {
    const response = await api.get()
    expect(await response.clone().json()).toEqual({
      incidents: [],
      scheduled_maintenances: [],
      components: [],
    })
    const status = await expectStatus(response)
    expect(maintenanceNotice(status, blockingPattern)).toBeNull()
  })

  it('answers a maintenance in progress on a component of a blocking group, in snake_case', async () => {
    await writeFile(file, JSON.stringify(summary({ maintenance: 'in_progress' })))
    const response = await api.get()
    const wire = (await response.clone().json()) as Record<string, unknown>
    expect(wire.scheduled_maintenances).toEqual([
      {
        id: 'mnt1',
        name: 'Database upgrade',
        status: 'in_progress',
        url: 'https://stspg.io/mnt1',
        component_ids: ['pades'],
      },
    ])
    const status = await expectStatus(response)
    expect(status.components).toEqual([
      { id: 'grp', name: 'Signing services', groupId: null },
      { id: 'pades', name: 'PAdES signing', groupId: 'grp' },
      { id: 'web', name: 'Website', groupId: null },
    ])
    expect(maintenanceNotice(status, blockingPattern)).toEqual({
      url: 'https://stspg.io/mnt1',
      isBlocking: true,
    })
    expect(maintenanceNotice(status, /^Billing/)).toEqual({ url: 'https://stspg.io/mnt1', isBlocking: false })
  })

  it('shows an edit of the file at the next request', async () => {
    await writeFile(file, JSON.stringify(summary({ incident: 'investigating' })))
    expect(maintenanceNotice(await expectStatus(await api.get()), blockingPattern)).toEqual({
      url: 'https://stspg.io/inc1',
      isBlocking: false,
    })
    await writeFile(file, JSON.stringify(summary({ incident: 'resolved' })))
    expect(maintenanceNotice(await expectStatus(await api.get()), blockingPattern)).toBeNull()
  })

  it('falls back to the page url when an event has no shortlink', async () => {
    const withoutLink = { id: 'm', name: 'Upgrade', status: 'in_progress', components: [{ id: 'pades' }] }
    await writeFile(file, JSON.stringify({ ...summary(), scheduled_maintenances: [withoutLink] }))
    const status = await expectStatus(await api.get())
    expect(status.scheduledMaintenances[0]?.url).toBe('https://status.example.com')
  })

  it('answers the last good status while the file is broken', async () => {
    await writeFile(file, JSON.stringify(summary({ maintenance: 'in_progress' })))
    const good = await expectStatus(await api.get())
    await writeFile(file, '{"scheduled_maintenances": [')
    expect(await expectStatus(await api.get())).toEqual(good)
  })

  it.each([
    ['broken JSON', '{"incidents": ['],
    ['a wrong shape', JSON.stringify({ incidents: [{ id: 1 }] })],
    [
      'an unknown status',
      JSON.stringify({
        incidents: [{ ...summary({ incident: 'resolved' }).incidents[0], status: 'on_fire' }],
      }),
    ],
    [
      'a link that is not http(s)',
      JSON.stringify({
        scheduled_maintenances: [
          { id: 'm', name: 'x', status: 'in_progress', shortlink: 'javascript:alert(1)', components: [] },
        ],
      }),
    ],
    [
      'an event without any link',
      JSON.stringify({ incidents: [{ id: 'i', name: 'x', status: 'identified' }] }),
    ],
  ])('answers 503 status.unavailable, not 500, for %s and no good status before', async (_, content) => {
    await writeFile(file, content)
    await expectUnavailable(await api.get())
  })

  it('stops standing in with a good status once it is too old', async () => {
    let clock = 1_000_000
    const stale = await startApi({
      source: { kind: 'file', path: file },
      maxStaleMs: 60_000,
      now: () => clock,
    })
    try {
      await writeFile(file, JSON.stringify(summary({ maintenance: 'in_progress' })))
      await expectStatus(await stale.get())
      await writeFile(file, 'not json')
      clock += 60_000
      await expectStatus(await stale.get())
      clock += 1
      await expectUnavailable(await stale.get())
    } finally {
      await stale.close()
    }
  })
})

describe('status page from a URL', () => {
  let upstream: Awaited<ReturnType<typeof listen>>
  /** What the fake status page does with the next requests. */
  let behaviour: 'good' | 'maintenance' | 'broken-json' | 'error' | 'hang'
  let fetches: number
  let clock: number
  /** Settles when the fake status page may answer: at once, unless a test holds it back. */
  let answering: Promise<void>

  beforeAll(async () => {
    upstream = await listen((req, res) => {
      fetches += 1
      if (req.url !== '/api/v2/summary.json') {
        res.writeHead(404).end()
        return
      }
      if (behaviour === 'hang') return
      if (behaviour === 'error') {
        res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Oops</h1>')
        return
      }
      const body =
        behaviour === 'broken-json'
          ? '{"incidents": [ '
          : JSON.stringify(summary(behaviour === 'maintenance' ? { maintenance: 'in_progress' } : {}))
      void answering.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body))
    })
  })

  afterAll(async () => {
    await close(upstream.server)
  })

  beforeEach(() => {
    behaviour = 'good'
    fetches = 0
    clock = 5_000_000
    answering = Promise.resolve()
  })

  const startUrlApi = (path = '/api/v2/summary.json') =>
    startApi({
      source: { kind: 'url', url: `${upstream.url}${path}` },
      timeoutMs: 200,
      cacheTtlMs: 30_000,
      now: () => clock,
    })

  it('fetches the summary and answers it', async () => {
    behaviour = 'maintenance'
    const api = await startUrlApi()
    try {
      const status = await expectStatus(await api.get())
      expect(maintenanceNotice(status, blockingPattern)).toEqual({
        url: 'https://stspg.io/mnt1',
        isBlocking: true,
      })
    } finally {
      await api.close()
    }
  })

  it('costs one fetch for many clients within 30 s, and fetches again after', async () => {
    const api = await startUrlApi()
    try {
      const held = Promise.withResolvers<void>()
      answering = held.promise
      const answers = Promise.all(Array.from({ length: 10 }, async () => expectStatus(await api.get())))
      // All ten callers are waiting before the status page answers the one fetch.
      await expect.poll(api.received).toBe(10)
      held.resolve()
      await answers
      expect(fetches).toBe(1)
      clock += 29_999
      behaviour = 'maintenance'
      const cached = await expectStatus(await api.get())
      expect(cached.scheduledMaintenances).toEqual([])
      expect(fetches).toBe(1)
      clock += 1
      const fresh = await expectStatus(await api.get())
      expect(fresh.scheduledMaintenances).toHaveLength(1)
      expect(fetches).toBe(2)
    } finally {
      await api.close()
    }
  })

  it.each([
    ['times out', 'hang'],
    ['answers broken JSON', 'broken-json'],
    ['answers HTTP 500', 'error'],
  ] as const)('answers the last good status when the status page %s', async (_, failure) => {
    behaviour = 'maintenance'
    const api = await startUrlApi()
    try {
      const good = await expectStatus(await api.get())
      behaviour = failure
      clock += 30_000
      expect(await expectStatus(await api.get())).toEqual(good)
      expect(fetches).toBe(2)
      // The failure is remembered too: the broken status page is not asked again at every poll.
      await expectStatus(await api.get())
      expect(fetches).toBe(2)
    } finally {
      await api.close()
    }
  })

  it.each([
    ['times out', 'hang'],
    ['answers broken JSON', 'broken-json'],
    ['answers HTTP 500', 'error'],
  ] as const)(
    'answers 503 status.unavailable when the status page %s and nothing good is known',
    async (_, failure) => {
      behaviour = failure
      const api = await startUrlApi()
      try {
        await expectUnavailable(await api.get())
      } finally {
        await api.close()
      }
    },
  )

  it('answers 503 when the status page cannot be reached at all', async () => {
    const gone = await listen(() => {})
    const url = gone.url
    await close(gone.server)
    const api = await startApi({ source: { kind: 'url', url: `${url}/summary.json` }, timeoutMs: 200 })
    try {
      await expectUnavailable(await api.get())
    } finally {
      await api.close()
    }
  })

  it('recovers once the status page answers again after the cache time', async () => {
    behaviour = 'broken-json'
    const api = await startUrlApi()
    try {
      await expectUnavailable(await api.get())
      behaviour = 'maintenance'
      clock += 30_000
      expect((await expectStatus(await api.get())).scheduledMaintenances).toHaveLength(1)
    } finally {
      await api.close()
    }
  })
})
