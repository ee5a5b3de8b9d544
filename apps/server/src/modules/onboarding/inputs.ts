/** Connecting a wallet: what onboarding takes, and what replacing the wallet later takes. */
import { z } from 'zod'

export const ZConnectExchangeInput = z.object({
  apiKey: z.string().trim().min(8).max(200),
  secretKey: z.string().trim().min(8).max(300),
})

export const ZConnectNwcInput = z.object({ url: z.string().trim().min(1).max(2000) })
