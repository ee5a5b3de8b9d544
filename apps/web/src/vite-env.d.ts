/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Sentry DSN; error reporting is on only in production builds that set it. */
  readonly VITE_SENTRY_DSN?: string
  /** Where the Support link leads (a URL or mailto:); without it, support@<this host>. */
  readonly VITE_SUPPORT_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
