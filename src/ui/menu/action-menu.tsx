import { Menu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { buttonClass } from '../button/button.tsx'
import styles from './action-menu.module.css'

/** One entry of an action menu. */
export type MenuAction = {
  value: string
  label: ReactNode
  onSelect: () => void
  disabled?: boolean
  /** A destructive action (delete, withdraw) is set apart and coloured. */
  danger?: boolean
}

/**
 * The secondary actions of a screen behind one button (Ark UI Menu: arrow keys, type-ahead, Escape, focus
 * back on the button). Nothing is rendered without actions.
 */
export function ActionMenu({ label, actions }: { label: ReactNode; actions: MenuAction[] }) {
  if (actions.length === 0) return null
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger className={buttonClass({ variant: 'secondary' })}>
        {label}
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={styles.content}>
            {actions.map((action) => (
              <Menu.Item
                key={action.value}
                value={action.value}
                className={styles.item}
                data-danger={action.danger || undefined}
                disabled={action.disabled}
                onSelect={action.onSelect}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
