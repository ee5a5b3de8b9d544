import { zodResolver } from '@hookform/resolvers/zod'
import type { TFunction } from 'i18next'
import type { Resolver } from 'react-hook-form'
import { z } from 'zod'
import { emailSchema, existingPasswordSchema } from '@/lib/validation'

export interface SignInValues {
  email: string
  password: string
}

/** The sign-in form's checks; loaded after the page shows (see lazyResolver). */
export function signInResolver(t: TFunction): Resolver<SignInValues> {
  return zodResolver(z.object({ email: emailSchema(t), password: existingPasswordSchema(t) }))
}
