export * from './networks'
export * from './rules'
export * from './destination'
export * from './schemas'
