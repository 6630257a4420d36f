/** SPEC §9 breakpoints: each size applies below its width in px (xs below 600, ..., xl below 2560). */
export const breakpoints = { xs: 600, sm: 960, md: 1280, lg: 1920, xl: 2560 } as const

/** SPEC §9: below this width the app uses its mobile layout. */
export const mobileBreakpoint = 1280

/** SPEC §9 button sizes and types; primary is the default type. */
export const buttonSizes = ['sm', 'md', 'lg', 'xl'] as const
export const buttonVariants = ['primary', 'secondary', 'text'] as const
export type ButtonSize = (typeof buttonSizes)[number]
export type ButtonVariant = (typeof buttonVariants)[number]

/** SPEC §9 layers: overlays above the page, dialogs above overlays. */
export const layers = { overlay: 1900, dialog: 2000 } as const
