/** Kraken reports failures as strings in `error: []` with HTTP 200; these are its exact texts. */
export const KrakenErrors = {
  invalidKey: 'EAPI:Invalid key',
  invalidSignature: 'EAPI:Invalid signature',
  invalidNonce: 'EAPI:Invalid nonce',
  invalidArguments: 'EGeneral:Invalid arguments',
  unknownMethod: 'EGeneral:Unknown method',
  internalError: 'EGeneral:Internal error',
  unknownAssetPair: 'EQuery:Unknown asset pair',
  unknownAsset: 'EQuery:Unknown asset',
  fundingUnknownAsset: 'EFunding:Unknown asset',
  noFundingMethod: 'EFunding:No funding method',
  unknownWithdrawKey: 'EFunding:Unknown withdraw key',
  insufficientFunds: 'EFunding:Insufficient funds',
  invalidAmount: 'EFunding:Invalid amount',
  invalidWithdrawalAddress: 'EFunding:Invalid withdrawal address',
  maxFeeExceeded: 'EFunding:Max fee exceeded',
} as const

export type KrakenErrorText = (typeof KrakenErrors)[keyof typeof KrakenErrors]

export class KrakenError extends Error {
  constructor(readonly text: KrakenErrorText) {
    super(text)
  }
}
