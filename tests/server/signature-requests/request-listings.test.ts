import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import {
  signatureRequestListings,
  signatureRequests,
  signatures,
} from '../../../server/db/schema/signature-requests.ts'
import { createTestDatabase, featureDrivers, type TestDatabase } from '../test-database.ts'

/**
 * The listings (each user's list of requests) are kept by the database: after every kind of write they hold
 * exactly who takes part in what, with the request's current sort keys.
 */
describe.each(featureDrivers)('request listings on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
  })

  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
  })

  const at = new Date('2026-11-01T10:00:00Z')
  const addUser = async (email: string) => {
    const [row] = await handle.db.insert(users).values({ email }).returning({ id: users.id })
    return row?.id ?? ''
  }
  const addRequest = async (ownerId: string, title: string, statusOverall: 'DRAFT' | 'OPEN' = 'OPEN') => {
    const [row] = await handle.db
      .insert(signatureRequests)
      .values({ ownerId, title, statusOverall, createdAt: at, updatedAt: at })
      .returning({ id: signatureRequests.id })
    return row?.id ?? ''
  }
  const addSignature = async (requestId: string, accountEmail: string, signerId: string | null) => {
    const [row] = await handle.db
      .insert(signatures)
      .values({ requestId, accountEmail, signerId, status: 'OPEN' })
      .returning({ id: signatures.id })
    return row?.id ?? ''
  }
  /** Who has `requestId` on their list, by address. */
  const listedFor = async (requestId: string) => {
    const rows = await handle.db
      .select({ email: users.email })
      .from(signatureRequestListings)
      .innerJoin(users, eq(users.id, signatureRequestListings.userId))
      .where(eq(signatureRequestListings.requestId, requestId))
    return rows.map((row) => row.email).sort()
  }

  it('lists the owner and every signer, by account or by the address the signature was sent to', async () => {
    const owner = await addUser('owner@example.com')
    const signer = await addUser('signer@example.com')
    const request = await addRequest(owner, 'Lease')
    expect(await listedFor(request)).toEqual(['owner@example.com'])

    await addSignature(request, 'signer@example.com', signer)
    const guestSignature = await addSignature(request, 'guest@example.com', null)
    expect(await listedFor(request)).toEqual(['owner@example.com', 'signer@example.com'])

    // The guest signs up: what was sent to their address is on their list.
    const guest = await addUser('guest@example.com')
    expect(await listedFor(request)).toEqual(['guest@example.com', 'owner@example.com', 'signer@example.com'])

    // The guest changes address: the signature sent to the old one no longer is theirs.
    await handle.db.update(users).set({ email: 'guest@elsewhere.example' }).where(eq(users.id, guest))
    expect(await listedFor(request)).toEqual(['owner@example.com', 'signer@example.com'])
    // A signature of an account stays with the account when it changes address.
    await handle.db.update(users).set({ email: 'signer@elsewhere.example' }).where(eq(users.id, signer))
    await addUser('signer@example.com')
    expect(await listedFor(request)).toEqual(['owner@example.com', 'signer@elsewhere.example'])

    // Claiming binds the guest's signature to an account.
    await handle.db.update(signatures).set({ signerId: guest }).where(eq(signatures.id, guestSignature))
    expect(await listedFor(request)).toEqual([
      'guest@elsewhere.example',
      'owner@example.com',
      'signer@elsewhere.example',
    ])
  })

  it('lists a draft for its owner alone; its signers have it from when it is sent', async () => {
    const owner = await addUser('owner5@example.com')
    const signer = await addUser('signer5@example.com')
    const request = await addRequest(owner, 'Unsent', 'DRAFT')
    await addSignature(request, 'signer5@example.com', signer)
    await addSignature(request, 'guest5@example.com', null)
    await addUser('guest5@example.com')
    expect(await listedFor(request)).toEqual(['owner5@example.com'])

    await handle.db
      .update(signatureRequests)
      .set({ statusOverall: 'OPEN' })
      .where(eq(signatureRequests.id, request))
    expect(await listedFor(request)).toEqual([
      'guest5@example.com',
      'owner5@example.com',
      'signer5@example.com',
    ])
  })

  it('takes a request off the list of whoever removes themselves, and off every list when deleted', async () => {
    const owner = await addUser('owner2@example.com')
    const signer = await addUser('signer2@example.com')
    const request = await addRequest(owner, 'Offer')
    const signature = await addSignature(request, 'signer2@example.com', signer)

    await handle.db.update(signatures).set({ removedAt: at }).where(eq(signatures.id, signature))
    expect(await listedFor(request)).toEqual(['owner2@example.com'])
    await handle.db
      .update(signatureRequests)
      .set({ ownerRemovedAt: at })
      .where(eq(signatureRequests.id, request))
    expect(await listedFor(request)).toEqual([])

    // An owner who also signs keeps the request through their signature.
    const second = await addRequest(owner, 'Own offer')
    await addSignature(second, 'owner2@example.com', owner)
    await handle.db
      .update(signatureRequests)
      .set({ ownerRemovedAt: at })
      .where(eq(signatureRequests.id, second))
    expect(await listedFor(second)).toEqual(['owner2@example.com'])
    await handle.db.delete(signatures).where(eq(signatures.requestId, second))
    expect(await listedFor(second)).toEqual([])

    const third = await addRequest(owner, 'Gone')
    await addSignature(third, 'signer2@example.com', signer)
    await handle.db.delete(signatureRequests).where(eq(signatureRequests.id, third))
    expect(await listedFor(third)).toEqual([])
    // Deleting an account that signs takes it off the lists; its owner keeps the request.
    const fourth = await addRequest(owner, 'Stays')
    await addSignature(fourth, 'signer2@example.com', signer)
    await handle.db.delete(users).where(eq(users.id, signer))
    expect(await listedFor(fourth)).toEqual(['owner2@example.com'])
  })

  it('carries the title, status and times the list sorts and filters by', async () => {
    const owner = await addUser('owner3@example.com')
    const request = await addRequest(owner, 'Draft title', 'DRAFT')
    const later = new Date('2026-11-02T08:00:00Z')
    await handle.db
      .update(signatureRequests)
      .set({ title: 'Sent title', statusOverall: 'OPEN', updatedAt: later })
      .where(eq(signatureRequests.id, request))
    const [listing] = await handle.db
      .select()
      .from(signatureRequestListings)
      .where(and(eq(signatureRequestListings.userId, owner), eq(signatureRequestListings.requestId, request)))
    expect(listing).toMatchObject({
      title: 'Sent title',
      statusOverall: 'OPEN',
      createdAt: at,
      updatedAt: later,
    })
    const [{ listings = 0 } = {}] = await handle.db
      .select({ listings: sql<number>`count(*)`.mapWith(Number) })
      .from(signatureRequestListings)
      .where(eq(signatureRequestListings.requestId, request))
    expect(listings).toBe(1)
  })
})
