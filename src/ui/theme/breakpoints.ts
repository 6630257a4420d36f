/** SPEC §9 button sizes and types; primary is the default type. */
const buttonSizes = ['sm', 'md', 'lg', 'xl'] as const
export const buttonVariants = ['primary', 'secondary', 'text'] as const
export type ButtonSize = (typeof buttonSizes)[number]
export type ButtonVariant = (typeof buttonVariants)[number]
