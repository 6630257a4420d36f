import { type DragEvent, type ReactNode, useId, useState } from 'react'
import { buttonClass } from '../button/button.tsx'
import styles from './file-drop.module.css'

/** Props of {@link FileDrop}. */
export interface FileDropProps {
  /** What the zone asks for, e.g. "Drop PDF files here, or". */
  prompt: ReactNode
  /** The text of the button that opens the file picker; it also labels the file input. */
  buttonLabel: ReactNode
  /** File types the picker offers, as the input's `accept`. */
  accept: string
  /** @default false */
  multiple?: boolean
  /** Called with the files picked or dropped. */
  onFiles: (files: File[]) => void
}

/**
 * A zone to drop files on, with a button that opens the file picker. Dropping is a shortcut for the
 * pointer; the (visually hidden) file input behind the button is the way for keyboards and screen readers.
 */
export function FileDrop({ prompt, buttonLabel, accept, multiple = false, onFiles }: FileDropProps) {
  const inputId = useId()
  const [dragging, setDragging] = useState(false)
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const files = [...event.dataTransfer.files]
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1))
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the zone only takes dropped files
    <div
      className={styles.drop}
      data-dragging={dragging}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p>{prompt}</p>
      <input
        id={inputId}
        className={`visually-hidden ${styles.input}`}
        type="file"
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          // Cleared so that picking the same file again is a change too.
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
      <label htmlFor={inputId} className={buttonClass({})}>
        {buttonLabel}
      </label>
    </div>
  )
}
