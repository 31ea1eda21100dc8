/**
 * specs/3-admin.md §3 `companyDetail` (a client's or a strategic partner's) and the `company` columns
 * that keep it, one mapping each way: an empty field is stored as null and read back as ''.
 */
export interface CompanyDetail {
  name: string;
  phone: string;
  federalTaxId: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  notes: string;
}

export interface CompanyDetailColumns {
  name: string;
  phone: string | null;
  federal_tax_id: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  notes: string | null;
}

/** The detail of a `company` row. */
export const companyDetailOf = (row: CompanyDetailColumns): CompanyDetail => ({
  name: row.name,
  phone: row.phone ?? '',
  federalTaxId: row.federal_tax_id ?? '',
  addressLine1: row.address_line1 ?? '',
  addressLine2: row.address_line2 ?? '',
  city: row.city ?? '',
  state: row.state ?? '',
  zipCode: row.zip_code ?? '',
  notes: row.notes ?? '',
});

/** The `company` columns of a checked detail. */
export function companyDetailColumns(detail: CompanyDetail): CompanyDetailColumns {
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    name: detail.name,
    phone: orNull(detail.phone),
    federal_tax_id: orNull(detail.federalTaxId),
    address_line1: orNull(detail.addressLine1),
    address_line2: orNull(detail.addressLine2),
    city: orNull(detail.city),
    state: orNull(detail.state),
    zip_code: orNull(detail.zipCode),
    notes: orNull(detail.notes),
  };
}
