import { createFileRoute } from '@tanstack/react-router'

// SPEC §2: / is the dashboard's other address; the root guard forwards it (machines/route-access).
export const Route = createFileRoute('/')({})
