import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const src = fileURLToPath(new URL('./src', import.meta.url))

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so route files are split into lazy chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${src}/routes`,
      generatedRouteTree: `${src}/routeTree.gen.ts`,
    }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: { '@': src } },
  server: {
    proxy: { '/trpc': { target: 'http://127.0.0.1:3000' } },
  },
})
