export * from './definitions.js';
export * from './evaluate.js';
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
export type * from './types.js';
export * from './validate.js';
