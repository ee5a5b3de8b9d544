import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useTRPC } from './trpc'

/**
 * The platform's brand name, mode and where its Support links lead (the server's SUPPORT_URL);
 * defaults, and no support address, until the server has answered.
 */
export function useSystemConfig() {
  const trpc = useTRPC()
  const { t } = useTranslation()
  const { data } = useQuery(trpc.system.config.queryOptions())
  return {
    brandName: data?.brandName || t('brand.defaultName'),
    isDemo: data?.isDemo ?? false,
    network: data?.network,
    supportUrl: data?.supportUrl,
  }
}
