/**
 * Money lives in the shared domain package (`@app/domain`): integer sats, fiat minor units,
 * conversions rounding half up. Re-exported here for the server's existing imports.
 */
export { fiatMinorToSat, SATS_PER_BTC, satToBtcString, satToFiatMinor } from '@app/domain'
