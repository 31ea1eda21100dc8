// shared-domain/forms: what a form and the server agree on — option lists, masks, dates, and the
// document form's rules. A subpath of its own so pages without forms never load yup or date-fns.
export * from './company-rules.js';
export * from './dates.js';
export * from './document-rules.js';
export * from './lists.js';
export * from './masks.js';
export * from './payment.js';
export * from './plan-year.js';
export * from './renewal.js';
