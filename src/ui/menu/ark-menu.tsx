import { Menu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useEffect, useRef } from 'react'
import styles from './action-menu.module.css'
import { type MenuAction, MenuButtonFace, menuButtonClass } from './action-menu.tsx'

/**
 * The action menu itself (Ark UI Menu), which {@link ActionMenu} loads after the screen's first paint. It takes
 * over from the stand-in button: open if that was pressed, focused if that had the focus.
 */
export function ArkMenu({
  label,
  actions,
  defaultOpen,
  focusTrigger,
}: {
  label: ReactNode
  actions: MenuAction[]
  defaultOpen: boolean
  focusTrigger: boolean
}) {
  const trigger = useRef<HTMLButtonElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the stand-in's focus at the hand-over counts
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus()
  }, [])
  return (
    <Menu.Root lazyMount unmountOnExit defaultOpen={defaultOpen} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger ref={trigger} className={menuButtonClass}>
        <MenuButtonFace label={label} />
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
