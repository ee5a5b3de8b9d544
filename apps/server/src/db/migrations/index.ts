/** Versioned migrations, applied in name order at start. Never edit one that has shipped. */
import type { Migration } from 'kysely'
import * as m0001 from './0001-accounts'
import * as m0002 from './0002-onboarding'
import * as m0003 from './0003-wallets'
import * as m0004 from './0004-nodes'
import * as m0005 from './0005-payments'
import * as m0007 from './0007-tips'
import * as m0008 from './0008-ecash'
import * as m0009 from './0009-open-payment-indexes'
import * as m0010 from './0010-onboarding-step-check'
import * as m0011 from './0011-node-status'
import * as m0012 from './0012-ecash-recovery'
import * as m0013 from './0013-deposit-checks-and-tip-limits'
import * as m0014 from './0014-account-security'
import * as m0015 from './0015-exchange-nonces-and-cleanup'
import * as m0016 from './0016-application-personal-data-sealed'
import * as m0017 from './0017-node-admin'
import * as m0018 from './0018-withdrawals'
import * as m0019 from './0019-devices-and-staff'
import * as m0020 from './0020-terminal'
import * as m0021 from './0021-refunds-and-shifts'
import * as m0023 from './0023-loop-swaps'
import * as m0024 from './0024-watcher-heartbeats'
import * as m0025 from './0025-device-image-store'
import * as m0026 from './0026-staff-idle'
import * as m0027 from './0027-staff-lockout'
import * as m0028 from './0028-consent'
import * as m0029 from './0029-team'
import * as m0031 from './0031-passkeys'
import * as m0030 from './0030-mail'
import * as m0032 from './0032-audit-log'
import * as m0033 from './0033-daily-summary'
import * as m0034 from './0034-known-browsers'
import * as m0035 from './0035-selling-online'

export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-onboarding': m0002,
  '0003-wallets': m0003,
  '0004-nodes': m0004,
  '0005-payments': m0005,
  '0007-tips': m0007,
  '0008-ecash': m0008,
  '0009-open-payment-indexes': m0009,
  '0010-onboarding-step-check': m0010,
  '0011-node-status': m0011,
  '0012-ecash-recovery': m0012,
  '0013-deposit-checks-and-tip-limits': m0013,
  '0014-account-security': m0014,
  '0015-exchange-nonces-and-cleanup': m0015,
  '0016-application-personal-data-sealed': m0016,
  '0017-node-admin': m0017,
  '0018-withdrawals': m0018,
  '0019-devices-and-staff': m0019,
  '0020-terminal': m0020,
  '0021-refunds-and-shifts': m0021,
  '0023-loop-swaps': m0023,
  '0024-watcher-heartbeats': m0024,
  '0025-device-image-store': m0025,
  '0026-staff-idle': m0026,
  '0027-staff-lockout': m0027,
  '0028-consent': m0028,
  '0029-team': m0029,
  '0031-passkeys': m0031,
  '0030-mail': m0030,
  '0032-audit-log': m0032,
  '0033-daily-summary': m0033,
  '0034-known-browsers': m0034,
  '0035-selling-online': m0035,
}
