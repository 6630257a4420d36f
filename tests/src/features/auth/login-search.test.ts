import { describe, expect, it } from 'vitest'
import { validateLoginSearch } from '../../../../src/features/auth/login-search.ts'

describe('/login search (SPEC §5)', () => {
  it('lowercases a valid e-mail address and keeps it', () => {
    expect(validateLoginSearch({ email: ' Ada.Lovelace@Example.COM ' })).toEqual({
      email: 'ada.lovelace@example.com',
    })
  })

  it.each([['not-an-address'], ['ada@'], [''], [42], [{ email: 'a@b.ch' }]])(
    'drops the invalid address %j',
    (email) => {
      expect(validateLoginSearch({ email })).toEqual({})
    },
  )

  it('keeps a same-app redirect and drops any other', () => {
    expect(validateLoginSearch({ redirect: '/view/r-1?tab=signers' })).toEqual({
      redirect: '/view/r-1?tab=signers',
    })
    expect(validateLoginSearch({ redirect: 'https://evil.example/' })).toEqual({})
    expect(validateLoginSearch({ redirect: '//evil.example/' })).toEqual({})
  })

  it('reads ?logged-out by its presence', () => {
    expect(validateLoginSearch({ 'logged-out': '' })).toEqual({ 'logged-out': true })
    expect(validateLoginSearch({ 'logged-out': true })).toEqual({ 'logged-out': true })
    expect(validateLoginSearch({ 'logged-out': 'false' })).toEqual({})
    expect(validateLoginSearch({})).toEqual({})
    // The router validates the answer again on a later navigation: still no sign-out.
    expect(validateLoginSearch({ ...validateLoginSearch({}) })).toEqual({})
    expect(validateLoginSearch({ ...validateLoginSearch({ 'logged-out': '' }) })).toEqual({
      'logged-out': true,
    })
  })

  it('drops unknown keys', () => {
    expect(validateLoginSearch({ email: 'a@b.ch', other: 'x' })).toEqual({ email: 'a@b.ch' })
  })
})
