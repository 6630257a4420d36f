import { Portal } from '@ark-ui/react/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import type { ReactElement, ReactNode } from 'react'
import styles from './tooltip.module.css'

/** SPEC §9: a tooltip opens 150 ms after the pointer rests on, or the focus comes to, its trigger. */
const tooltipOpenDelay = 150

/**
 * A short explanation of `children` (Ark UI Tooltip): shown on hover and on keyboard focus, hidden by Escape,
 * and named as the trigger's description. `children` is the trigger itself and must take the focus.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <ArkTooltip.Root openDelay={tooltipOpenDelay} lazyMount unmountOnExit>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className={styles.content}>{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
