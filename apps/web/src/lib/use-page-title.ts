import { useEffect } from 'react'
import { useSystemConfig } from './use-system-config'

/** Sets the browser tab title to "<page> | <brand>". */
export function usePageTitle(pageTitle: string): void {
  const { brandName } = useSystemConfig()
  useEffect(() => {
    document.title = `${pageTitle} | ${brandName}`
  }, [pageTitle, brandName])
}
