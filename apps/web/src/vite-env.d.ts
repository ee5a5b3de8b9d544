/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sentry DSN; error reporting is on only in production builds that set it. */
  readonly VITE_SENTRY_DSN?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
