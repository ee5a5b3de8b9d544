import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useTRPC } from './trpc'

/** The platform's brand name and mode; defaults until the server has answered. */
export function useSystemConfig() {
  const trpc = useTRPC()
  const { t } = useTranslation()
  const { data } = useQuery(trpc.system.config.queryOptions())
  return {
    brandName: data?.brandName || t('brand.defaultName'),
    isDemo: data?.isDemo ?? false,
    network: data?.network,
  }
}
