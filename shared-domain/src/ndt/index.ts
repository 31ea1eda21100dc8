export * from './definitions.js';
export * from './evaluate.js';
export * from './figure-labels.js';
export {
  compareProducts,
  decimalsAgainst,
  roundTo,
  shownAgainst,
  shownSideBySide,
  type Against,
  type Side,
} from './figures.js';
export * from './limits.js';
export * from './result-texts.js';
export type * from './types.js';
export * from './validate.js';
