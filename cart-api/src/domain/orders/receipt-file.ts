import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { codeFingerprint, contentHash } from '../../lib/fingerprint.js';
import { databaseArchiveStore, type ArchiveStore } from '../documents/archive.js';
import { receiptPdf, type ReceiptData } from './receipt.js';

/** The code a receipt PDF is made by: the receipt's builder (this folder) and the PDF renderer. */
const templates = () =>
  codeFingerprint([new URL('./', import.meta.url), new URL('../../lib/', import.meta.url)]);

/**
 * An order's receipt as a PDF (the download, the receipt e-mail, Email Purchaser; issue 21 item 6):
 * the one kept in `receipt_file` when the receipt and its templates are unchanged since it was made,
 * byte for byte and without a render; else made now and kept (one row per order, its bytes through the
 * archive's `ArchiveStore`). A receipt is kept at purchase and does not change, so it is made once.
 * Two first requests at once may both render; the row keeps one and both answer it.
 */
export async function receiptPdfOf(
  db: Kysely<Database>,
  orderId: string,
  receipt: ReceiptData,
  now: Date,
  store: ArchiveStore = databaseArchiveStore,
): Promise<Buffer> {
  const inputHash = contentHash({ receipt, templates: templates() });
  const kept = await keptReceipt(db, orderId, store);
  if (kept?.inputHash === inputHash) return kept.bytes;
  const pdf = await receiptPdf(receipt);
  const content = await store.put(orderId, pdf);
  const at = now.toISOString();
  const written = await db
    .insertInto('receipt_file')
    .values({ order_id: orderId, input_hash: inputHash, content, generated_at: at })
    .onConflict((oc) =>
      oc
        .column('order_id')
        .doUpdateSet({ input_hash: inputHash, content, generated_at: at })
        // A file of these inputs kept meanwhile (another request) stays: every answer is its bytes.
        .where('receipt_file.input_hash', '!=', inputHash),
    )
    .executeTakeFirst();
  if (Number(written.numInsertedOrUpdatedRows ?? 0) > 0) return pdf;
  return (await keptReceipt(db, orderId, store))?.bytes ?? pdf;
}

async function keptReceipt(db: Kysely<Database>, orderId: string, store: ArchiveStore) {
  const row = await db
    .selectFrom('receipt_file')
    .select(['input_hash', 'content'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row && { inputHash: row.input_hash, bytes: await store.get(row.content) };
}
