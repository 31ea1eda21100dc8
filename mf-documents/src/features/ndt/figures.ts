/**
 * The figures of a results row, named and formatted: shared-domain's, the one table and formatting the
 * results page and the results PDF (cart-api) both use.
 */
export { describeFigures, readableFigureName as readableName, type DescribedFigure } from 'shared-domain';
