/**
 * What other modules may use of devices: who a device is and its session, the channel its
 * changes are announced on and the watch that ends a stream with the device's access, the staff
 * idle rule, its settings, and the named-rows repository staff share with device logins.
 */
export { DEVICE_EVENTS_CHANNEL, staffIdleLapsed } from './repo'
export { createNamedRowsRepo } from './named-rows-repo'
export { watchDeviceAccess, type DeviceAccessWatch } from './revocation'
export type { DeviceIdentity, DeviceService, DeviceSessionInfo } from './service'
export type { DeviceSettingsService } from './settings-service'
