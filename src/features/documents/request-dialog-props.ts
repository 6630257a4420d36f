/** Props of the dialogs about one request: its title, for the question they ask. */
export interface RequestDialogProps {
  title: string
}
