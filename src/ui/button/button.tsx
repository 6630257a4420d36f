import type { ButtonHTMLAttributes } from 'react'
import type { ButtonSize, ButtonVariant } from '../theme/breakpoints.ts'
import styles from './button.module.css'

/** Props of the design system's button: SPEC §9 sizes and types. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'md' */
  size?: ButtonSize
  /** @default 'primary' */
  variant?: ButtonVariant
  /** Stretch to the container's width. */
  block?: boolean
}

export function buttonClass({ size = 'md', variant = 'primary', block = false }: Omit<ButtonProps, 'type'>) {
  return [styles.button, styles[size], styles[variant], block ? styles.block : ''].filter(Boolean).join(' ')
}

export function Button({ size, variant, block, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass({ size, variant, block }), className].filter(Boolean).join(' ')}
      {...rest}
    />
  )
}
