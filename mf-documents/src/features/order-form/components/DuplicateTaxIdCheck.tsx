import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from 'shared-ui';
import { useFormikContext } from 'shared-ui/forms';
import { findClientByTaxId, type DuplicateClient } from '../api/check-duplicate.js';
import { clientCompanyFields } from '../adopt-client.js';
import type { FormValues } from '../model.js';

/** §9: the duplicate check starts at nine digits. */
const TAX_ID_DIGITS = 9;

interface DuplicateTaxIdCheckProps {
  /** Off when the document already has its client (§4: never when a client is already set). */
  enabled: boolean;
  /** Continue: the document joins this client. */
  onAdopt(clientId: string): void;
}

/**
 * §4 "Duplicate tax id": once the federal tax id has nine digits and matches one of the caller's
 * clients, a dialog offers Continue (the existing client's company fields replace step 1's, which
 * then hide, and the document joins that client) or Ignore (nothing changes; not asked again for
 * that number).
 */
export function DuplicateTaxIdCheck({ enabled, onAdopt }: DuplicateTaxIdCheckProps) {
  const { values, setFieldValue } = useFormikContext<FormValues>();
  const digits = String(values.federalTaxId ?? '').replace(/\D/g, '');
  const asked = useRef(new Set<string>());
  const [match, setMatch] = useState<DuplicateClient | null>(null);

  useEffect(() => {
    if (!enabled || digits.length < TAX_ID_DIGITS || asked.current.has(digits)) return;
    let current = true;
    findClientByTaxId(digits.slice(0, TAX_ID_DIGITS))
      .then((client) => {
        // Asked once an answer is in (an effect cleaned up before it, as in StrictMode, asks again).
        if (!current) return;
        asked.current.add(digits);
        if (client) setMatch(client);
      })
      .catch(() => undefined); // §8: no error is shown for a failed check
    return () => {
      current = false;
    };
  }, [enabled, digits]);

  if (!match) return null;
  const company = match.companyDetail;
  return (
    <ConfirmDialog
      show
      title="Existing client"
      message={
        <>
          <p>
            A client with the federal tax id {company.federalTaxId} already exists:{' '}
            <strong>{company.name}</strong>
            {company.city ? `, ${company.city}` : ''}
            {company.state ? `, ${company.state}` : ''}.
          </p>
          <p className="mb-0">Continue with this client&apos;s company details, or Ignore and keep yours?</p>
        </>
      }
      confirmLabel="Continue"
      cancelLabel="Ignore"
      onConfirm={() => {
        for (const [name, value] of Object.entries(clientCompanyFields(match))) {
          void setFieldValue(name, value, false);
        }
        onAdopt(match.clientId);
        setMatch(null);
      }}
      onCancel={() => setMatch(null)}
    />
  );
}
