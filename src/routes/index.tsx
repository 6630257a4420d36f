import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../features/home/home-screen.tsx'

export const Route = createFileRoute('/')({
  staticData: { layout: 'main' },
  component: HomeScreen,
})
