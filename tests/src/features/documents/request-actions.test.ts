import { describe, expect, it } from 'vitest'
import {
  awaitsTurn,
  maySignRequest,
  requestActions,
} from '../../../../src/features/documents/request-actions.ts'
import { request, signature } from './request-fixture.ts'

describe('requestActions', () => {
  it('offers saving as a template to the sender of a request with signers, in any status, not to a signer', () => {
    for (const statusOverall of ['DRAFT', 'OPEN', 'SIGNED', 'WITHDRAWN'] as const) {
      expect(requestActions(request({ statusOverall }), 'olga@example.com').saveAsTemplate).toBe(true)
    }
    expect(requestActions(request({ signatures: [] }), 'olga@example.com').saveAsTemplate).toBe(false)
    expect(requestActions(request({ isOwner: false }), 'anna@example.com').saveAsTemplate).toBe(false)
  })

  it('lets the sender of an open request remind, withdraw and change signers, not sign or delete', () => {
    const actions = requestActions(request({}), 'olga@example.com')
    expect(actions).toMatchObject({
      send: false,
      remind: true,
      withdraw: true,
      delete: false,
      sign: false,
      decline: false,
      delegate: false,
      addSigner: true,
      deleteDocuments: false,
      editDraft: false,
      changeStandard: true,
      report: true,
      attach: true,
      removeAttachments: true,
    })
    expect([...actions.removableSigners]).toEqual(['s1', 's2'])
  })

  it('keeps the last signer of an open request, and every signer once someone signed', () => {
    const one = requestActions(
      request({ signatures: [signature('s1', 'anna@example.com')] }),
      'olga@example.com',
    )
    expect(one.removableSigners.size).toBe(0)
    const signed = requestActions(
      request({
        signatures: [signature('s1', 'anna@example.com', 'SIGNED'), signature('s2', 'ben@example.com')],
      }),
      'olga@example.com',
    )
    expect(signed).toMatchObject({
      addSigner: false,
      changeStandard: false,
      downloadSigned: true,
      remind: true,
    })
    expect(signed.removableSigners.size).toBe(0)
  })

  it('lets a signer whose signature is open sign, decline and delegate, and leave the request', () => {
    const actions = requestActions(request({ isOwner: false }), 'Ben@Example.com')
    expect(actions).toMatchObject({
      changeStandard: false,
      ownSignatureId: 's2',
      sign: true,
      decline: true,
      delegate: true,
      withdraw: false,
      remind: false,
      addSigner: false,
      delete: true,
      attach: true,
      removeAttachments: false,
    })
  })

  it('offers nothing to sign once the own signature is done or the request ended', () => {
    const signed = request({
      isOwner: false,
      signatures: [signature('s1', 'anna@example.com'), signature('s2', 'ben@example.com', 'SIGNED')],
    })
    expect(requestActions(signed, 'ben@example.com')).toMatchObject({ sign: false, decline: false })
    const withdrawn = request({
      isOwner: false,
      statusOverall: 'WITHDRAWN',
      signatures: [signature('s2', 'ben@example.com', 'WITHDRAWN')],
    })
    // The machine lets a signer leave only while nobody has signed; once the request ended, they may take
    // it off their own list.
    expect(requestActions(signed, 'ben@example.com').delete).toBe(false)
    expect(requestActions(withdrawn, 'ben@example.com')).toMatchObject({
      sign: false,
      decline: false,
      delete: true,
    })
    expect(requestActions({ ...withdrawn, isOwner: true }, 'olga@example.com').delete).toBe(true)
  })

  it('issue 40: on an expired request nobody signs, declines, delegates or reminds; the sender moves no expiry', () => {
    const expired = request({ statusOverall: 'EXPIRED' })
    expect(requestActions(expired, 'olga@example.com')).toMatchObject({
      remind: false,
      withdraw: false,
      changeExpiry: false,
      delete: true,
    })
    expect(requestActions({ ...expired, isOwner: false }, 'ben@example.com')).toMatchObject({
      sign: false,
      decline: false,
      delegate: false,
    })
    expect(requestActions(request({}), 'olga@example.com').changeExpiry).toBe(true)
    expect(requestActions(request({ isOwner: false }), 'ben@example.com').changeExpiry).toBe(false)
  })

  it('lets the sender send a draft only with signers, and take documents off it', () => {
    const document = {
      id: 'd1',
      title: 'Lease',
      sha256: 'ab',
      size: 10,
      contentType: 'application/pdf',
      pageCount: 1,
      pageSizes: [{ width: 595, height: 842 }],
      signedSha256: null,
      createdAt: '2026-01-01T10:00:00.000Z',
    }
    const draft = request({ statusOverall: 'DRAFT', documents: [document] })
    expect(requestActions(draft, 'olga@example.com')).toMatchObject({
      send: true,
      deleteDocuments: true,
      editDraft: true,
      report: false,
      delete: true,
      withdraw: false,
      remind: false,
    })
    expect(requestActions({ ...draft, signatures: [] }, 'olga@example.com').send).toBe(false)
  })

  it('answers for the list whether the caller may sign as the actions do', () => {
    const open = request({ isOwner: false })
    const signed = request({
      isOwner: false,
      signatures: [signature('s1', 'anna@example.com'), signature('s2', 'ben@example.com', 'SIGNED')],
    })
    const declined = request({
      statusOverall: 'DECLINED',
      signatures: [signature('s2', 'ben@example.com', 'DECLINED')],
    })
    const cases = [
      [open, 'Ben@Example.com', true],
      [open, 'olga@example.com', false],
      [signed, 'ben@example.com', false],
      [signed, 'anna@example.com', true],
      [declined, 'ben@example.com', false],
    ] as const
    for (const [shown, email, may] of cases) {
      expect(maySignRequest(shown, email)).toBe(may)
      expect(requestActions(shown, email).sign).toBe(may)
    }
  })

  it('lets only the signers whose turn it is sign, and tells the others they wait', () => {
    const inOrder = request({
      isOwner: false,
      signatures: [
        signature('s1', 'anna@example.com', 'OPEN', 1),
        signature('s2', 'ben@example.com', 'OPEN', 2),
      ],
    })
    expect(requestActions(inOrder, 'anna@example.com')).toMatchObject({ sign: true, awaitingTurn: false })
    expect(requestActions(inOrder, 'ben@example.com')).toMatchObject({
      sign: false,
      decline: false,
      delegate: false,
      awaitingTurn: true,
    })
    expect(awaitsTurn(inOrder, 's2')).toBe(true)
    const annaSigned = request({
      isOwner: false,
      signatures: [
        signature('s1', 'anna@example.com', 'SIGNED', 1),
        signature('s2', 'ben@example.com', 'OPEN', 2),
      ],
    })
    expect(awaitsTurn(annaSigned, 's2')).toBe(false)
    expect(requestActions(annaSigned, 'ben@example.com').sign).toBe(true)
    // The sender sets the order while the request is a draft only.
    expect(
      requestActions({ ...inOrder, isOwner: true, statusOverall: 'DRAFT' }, 'olga@example.com').order,
    ).toBe(true)
    expect(requestActions({ ...inOrder, isOwner: true }, 'olga@example.com').order).toBe(false)
  })

  it('lets an admin who reads an API user’s request change nothing (issue 39)', () => {
    const read = requestActions(request({ isOwner: false }), 'admin@example.com')
    expect(read).toMatchObject({
      readOnly: true,
      send: false,
      remind: false,
      withdraw: false,
      delete: false,
      sign: false,
      decline: false,
      addSigner: false,
      attach: false,
      removeAttachments: false,
      changeExpiry: false,
      report: true,
    })
    expect(read.removableSigners.size).toBe(0)
    expect(read.placeableSigners.size).toBe(0)
    expect(requestActions(request({ isOwner: false }), 'ben@example.com').readOnly).toBe(false)
  })
})
