// Writes colonial-return-file.xlsx, the sample Colonial return file (cart-api README "Colonial return
// file"): `node cart-api/samples/make-colonial-return-file.mjs`. Its rows name the demo data
// (seed-demo): Delta Freight's BCN, Lakeside Marina's account id (its BCN is recorded), the test BCN,
// a no-pay reason, and two rows that fail (an unknown BCN, a date that is not one).
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('Return File');
sheet.columns = [
  { header: 'BCN Vendor', key: 'vendor', width: 14 },
  { header: 'BCN', key: 'bcn', width: 14 },
  { header: 'Account Id', key: 'accountId', width: 14 },
  { header: 'Qualify Date', key: 'qualifyDate', width: 14, style: { numFmt: 'mm/dd/yyyy' } },
  { header: 'No Pay', key: 'noPay', width: 10 },
];
sheet.getRow(1).font = { bold: true };
sheet.views = [{ state: 'frozen', ySplit: 1 }];
const day = (text) => new Date(`${text}T00:00:00Z`);
sheet.addRows([
  { vendor: 'Colonial', bcn: 'BCN-480111', accountId: 'E480111', qualifyDate: day('2027-01-01'), noPay: '' },
  { vendor: 'Colonial', bcn: 'BCN-480407', accountId: 'E480407', qualifyDate: day('2027-02-01'), noPay: '' },
  { vendor: 'Colonial', bcn: 'TEST-0001', accountId: '', qualifyDate: day('2027-01-01'), noPay: 'N1' },
  { vendor: 'Colonial', bcn: 'BCN-999999', accountId: '', qualifyDate: day('2027-01-01'), noPay: '' },
  { vendor: 'Colonial', bcn: 'BCN-480111', accountId: '', qualifyDate: '13/45/2027', noPay: '' },
  { vendor: 'Colonial', bcn: 'BCN-480407', accountId: '', qualifyDate: null, noPay: 'N2' },
]);
const target = fileURLToPath(new URL('colonial-return-file.xlsx', import.meta.url));
await workbook.xlsx.writeFile(target);
console.log(`wrote ${target}`);
