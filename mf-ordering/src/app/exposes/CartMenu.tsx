// Federation entry of a widget the shell places; the component itself lives in its feature.
import { CartMenu } from '../../features/cart/components/CartMenu.js';

export { CartMenu };
export default CartMenu;
