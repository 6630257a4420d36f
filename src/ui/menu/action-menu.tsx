import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { buttonClass } from '../button/button.tsx'
import { whenIdle } from '../when-idle.ts'
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

/** The class of the menu's button, the stand-in's and the menu's own alike. */
export const menuButtonClass = buttonClass({ variant: 'secondary' })

/** What the menu's button shows, the stand-in's and the menu's own alike. */
export function MenuButtonFace({ label }: { label: ReactNode }) {
  return (
    <>
      {label}
      <span aria-hidden="true" className={styles.chevron}>
        ▾
      </span>
    </>
  )
}

// Ark's menu is some 30 KB of code: the screen paints without it, and it is fetched once the browser is idle after
// the first menu showed, so it does not compete with what the screen shows first (a request, its first page), or
// at once when a menu's button is pressed or focused.
let wantMenu = () => {}
const menuWanted = new Promise<void>((resolve) => {
  wantMenu = resolve
})
const ArkMenu = lazy(async () => {
  await menuWanted
  return { default: (await import('./ark-menu.tsx')).ArkMenu }
})

/**
 * The secondary actions of a screen behind one button (Ark UI Menu: arrow keys, type-ahead, Escape, focus
 * back on the button). Until the menu's code is there, a stand-in of the same button takes a press or the focus
 * and hands them over. Nothing is rendered without actions.
 */
export function ActionMenu({ label, actions }: { label: ReactNode; actions: MenuAction[] }) {
  const [pressed, setPressed] = useState(false)
  const [focused, setFocused] = useState(false)
  const shown = actions.length > 0
  useEffect(() => {
    if (shown) whenIdle(wantMenu)
  }, [shown])
  if (!shown) return null
  const press = () => {
    wantMenu()
    setPressed(true)
  }
  const standIn = (
    <button
      type="button"
      className={menuButtonClass}
      aria-haspopup="menu"
      aria-expanded="false"
      // A press counts from the pointer going down: the menu may take over before the pointer comes up.
      onPointerDown={press}
      onClick={press}
      onFocus={() => {
        wantMenu()
        setFocused(true)
      }}
      onBlur={() => setFocused(false)}
    >
      <MenuButtonFace label={label} />
    </button>
  )
  return (
    <Suspense fallback={standIn}>
      <ArkMenu label={label} actions={actions} defaultOpen={pressed} focusTrigger={focused} />
    </Suspense>
  )
}
