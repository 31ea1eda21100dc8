/**
 * The results' print stylesheet (specs/2-documents.md §2: printable, to print and retain), rendered
 * with the results only, so no other page prints differently: the navigation (the shell's bars, the
 * breadcrumb), the buttons, the tutorial link and the toasts are left off the paper, and Pass/Fail, the failed rows and
 * the rows marked Not needed keep their colour (the remedies of a Fail print with the results).
 * A style element rather than a `.css` import: Jest has no CSS loader, and this works unchanged in the
 * shell, standalone and under the gateway's CSP (`style-src 'unsafe-inline'`).
 */
export const NDT_PRINT_CSS = `
@media print {
  nav,
  button,
  .ndt-no-print,
  .ndt-tutorial,
  .Toastify {
    display: none !important;
  }
  .ndt-results .ndt-verdict,
  .ndt-results .table-danger,
  .ndt-results .table-secondary,
  .ndt-results .badge {
    print-color-adjust: exact;
    -webkit-print-color-adjust: exact;
  }
  .ndt-results table {
    font-size: 10pt;
  }
  .ndt-results tr,
  .ndt-results .ndt-next-step {
    break-inside: avoid;
  }
}
`;
