import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import type { TemplateRoleInput } from '../../contract/templates.ts'
import { RoleList } from '../../src/features/templates/role-list.tsx'
import { noMaintenance, renderScreen, serveApi } from './render-screen.tsx'

/** Each list of roles the editor stored, newest last. */
const stored: TemplateRoleInput[][] = []

/** The template editor's role list, storing each change as the editor's PUT does. */
function Roles() {
  const [roles, setRoles] = useState<TemplateRoleInput[]>([
    { name: 'Employee', sequence: 1, authentication: 'tan' },
    { name: 'HR', sequence: 2, authentication: 'account_sign_in' },
  ])
  return (
    <RoleList
      roles={roles}
      placingFor={undefined}
      onPlaceField={() => {}}
      onChange={async (changed) => {
        stored.push(changed)
        setRoles(changed)
      }}
    />
  )
}

describe('role list of the template editor', () => {
  it('lets the sender choose how the signer of each role confirms who they are', async () => {
    serveApi(noMaintenance)
    await renderScreen('/templates/t1/edit', Roles, { messages: ['templates', 'documents'] })
    const employee = page.getByLabelText('How Employee confirms who they are')
    await expect.element(employee).toHaveDisplayValue('E-mail link with TAN, or their account')
    await expect
      .element(page.getByLabelText('How HR confirms who they are'))
      .toHaveDisplayValue('Sign-in to their account')

    await employee.selectOptions('Two-step verification at signing')
    await expect
      .poll(() => stored.at(-1)?.map((role) => [role.name, role.sequence, role.authentication]))
      .toEqual([
        ['Employee', 1, 'second_factor'],
        ['HR', 2, 'account_sign_in'],
      ])
    await expect.element(employee).toHaveDisplayValue('Two-step verification at signing')
  })
})
