// Federation entry of a widget the shell places; the component itself lives in its feature.
import { PurchaseCard } from '../../features/product/components/PurchaseCard.js';

export { PurchaseCard };
export default PurchaseCard;
