// Federation entry of a widget the shell places; the component itself lives in its feature.
import { DocumentList } from '../../features/documents/components/DocumentList.js';

export { DocumentList };
export default DocumentList;
