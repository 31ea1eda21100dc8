// Federation entry of a widget the shell places; the component itself lives in its feature.
import { ActionItems } from '../../features/action-items/components/ActionItems.js';

export { ActionItems };
export default ActionItems;
