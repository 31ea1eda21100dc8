export { pdfText } from './pdf-text.js';
