/**
 * Toasts with a title and a message: success toasts in green, error toasts in red.
 * `notifyError` turns any caught error into the translated text for its code.
 */
import { parseAppError, type AppError } from './app-error'
import { i18n } from './i18n'

/**
 * The toast library loads after the first page (it is not needed to show one); the toaster in
 * the page frame loads it too, and both share one copy.
 */
export const loadToasts = () => import('sonner')

export const notify = {
  success(title: string, message?: string): void {
    void loadToasts().then(({ toast }) => toast.success(title, { description: message }))
  },
  error(title: string, message?: string): void {
    void loadToasts().then(({ toast }) => toast.error(title, { description: message }))
  },
}

/** The translated sentence for an error code ('Unknown error' when nothing better is known). */
export function appErrorMessage(error: AppError): string {
  return i18n.t(`errors.${error.code}`, { seconds: error.retryAfterSeconds ?? 0 })
}

/** Shows an error toast for what went wrong and returns the parsed error for further use. */
export function notifyError(error: unknown, title?: string): AppError {
  const appError = parseAppError(error)
  notify.error(title ?? i18n.t('errors.title'), appErrorMessage(appError))
  return appError
}
