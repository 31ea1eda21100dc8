import { renderPdf } from '../../lib/pdf.js';
import { employeeQuickReferenceDefinition } from './employee-quick-reference-guide.js';
import { popImplementationGuideDefinition } from './pop-implementation-guide.js';

export {
  EMPLOYEE_QUICK_REFERENCE_HEADINGS,
  EMPLOYEE_QUICK_REFERENCE_TITLE,
  employeeQuickReferenceDefinition,
} from './employee-quick-reference-guide.js';
export {
  POP_IMPLEMENTATION_GUIDE_HEADINGS,
  POP_IMPLEMENTATION_GUIDE_TITLE,
  popImplementationGuideDefinition,
} from './pop-implementation-guide.js';

/** The two guides the app configuration links (issue 23 item 4), by the name of their file. */
export const GUIDES = {
  'pop-implementation-guide.pdf': popImplementationGuideDefinition,
  'employee-quick-reference-guide.pdf': employeeQuickReferenceDefinition,
} as const;
export type GuideFile = keyof typeof GUIDES;

/** A guide as PDF bytes. */
export const guidePdf = (file: GuideFile): Promise<Buffer> => renderPdf(GUIDES[file]());
