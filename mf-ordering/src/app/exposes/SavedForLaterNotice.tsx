// Federation entry of a widget the shell places; the component itself lives in its feature.
import { SavedForLaterNotice } from '../../features/cart/components/SavedForLaterNotice.js';

export { SavedForLaterNotice };
export default SavedForLaterNotice;
