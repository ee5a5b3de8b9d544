import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { initErrorReporting } from './lib/error-reporting'
import { initI18n } from './lib/i18n'
import { offerTerminalManifest, reloadOnceForMissingChunks } from './lib/installable'
import { createAppRouter } from './router'
import './styles.css'

const router = createAppRouter()
void initErrorReporting(router)
// The page's route checks, data and code load while the translations do, not after them.
void router.load().catch(() => undefined)
offerTerminalManifest(router)
reloadOnceForMissingChunks()

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

// Translations load first, so no page ever shows keys instead of text.
void initI18n()
  .catch(() => undefined)
  .then(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  })
