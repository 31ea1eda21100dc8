import { useState } from 'react';
import { Form, ListGroup } from 'shared-ui/bootstrap';
import { SearchBox, useDebouncedValue } from 'shared-ui';
import { useFormikContext } from 'shared-ui/forms';
import { getClient, useClientSearch } from '../api/clients.js';
import { clientCompanyFields } from '../adopt-client.js';
import type { FormValues } from '../model.js';

/** How long typing must pause before the clients are searched. */
const SEARCH_DEBOUNCE_MS = 300;

export const CLIENT_CHOICE_TEXT = {
  legend: 'Client Company',
  newClient: (name: string) => `A new client: ${name}`,
  existingClient: 'An existing client',
  search: 'Search clients by name, tax id or account id',
  noneFound: 'No clients found',
  chosen: (name: string) =>
    `The document will be ${name}'s: the client's users and broker see it in My POP Documents.`,
  missing: 'Choose the client the document is for, or a new client',
} as const;

interface ClientChoiceProps {
  /** The existing client the document joins; null: step 1's company becomes a new client. */
  clientId: string | null;
  /** "An existing client" is chosen (a client may not be picked yet). */
  existing: boolean;
  onExistingChange(existing: boolean): void;
  /** A client was picked (its company fields are now the form's), or none (a new client). */
  onClientChange(clientId: string | null): void;
  /** The document was to be saved with "An existing client" chosen and no client picked. */
  missing: boolean;
}

/**
 * Compliance's new document (specs/2-documents.md §2 final-step block "Admin with a new document"):
 * which client it is for. Step 1's company makes a new client, as ever; or compliance picks an existing
 * client ('Search All Clients'), whose company fields the form takes, as the duplicate tax id's
 * Continue does: the client's linked users and its broker then see the document.
 */
export function ClientChoice({
  clientId,
  existing,
  onExistingChange,
  onClientChange,
  missing,
}: ClientChoiceProps) {
  const { values, setFieldValue } = useFormikContext<FormValues>();
  const [searchInput, setSearchInput] = useState('');
  const searchText = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const { data: found } = useClientSearch(existing ? searchText : '');
  const [choosing, setChoosing] = useState(false);
  const companyName = String(values.clientCompanyName ?? '');

  async function choose(chosenId: string) {
    setChoosing(true);
    try {
      const client = await getClient(chosenId);
      for (const [name, value] of Object.entries(clientCompanyFields(client))) {
        void setFieldValue(name, value, false);
      }
      onClientChange(client.clientId);
    } catch {
      // The API client has told the user; the choice stays as it was.
    } finally {
      setChoosing(false);
    }
  }

  return (
    <fieldset className="mb-3" aria-describedby={missing ? 'client-choice-missing' : undefined}>
      <legend className="h6">{CLIENT_CHOICE_TEXT.legend}</legend>
      <Form.Check
        type="radio"
        id="client-choice-new"
        name="client-choice"
        label={CLIENT_CHOICE_TEXT.newClient(companyName)}
        checked={!existing}
        onChange={() => {
          onExistingChange(false);
          onClientChange(null);
        }}
      />
      <Form.Check
        type="radio"
        id="client-choice-existing"
        name="client-choice"
        label={CLIENT_CHOICE_TEXT.existingClient}
        checked={existing}
        onChange={() => onExistingChange(true)}
      />
      {existing && (
        <div className="ms-4">
          {clientId && <p className="mb-2">{CLIENT_CHOICE_TEXT.chosen(companyName)}</p>}
          <SearchBox
            value={searchInput}
            onChange={setSearchInput}
            placeholder={CLIENT_CHOICE_TEXT.search}
            className="my-2"
          />
          {searchText !== '' &&
            found &&
            (found.length === 0 ? (
              <p className="text-muted">{CLIENT_CHOICE_TEXT.noneFound}</p>
            ) : (
              <ListGroup aria-label="Clients found" className="mb-2">
                {found.map((client) => (
                  <ListGroup.Item
                    key={client.clientId}
                    action
                    as="button"
                    type="button"
                    active={client.clientId === clientId}
                    aria-pressed={client.clientId === clientId}
                    disabled={choosing}
                    onClick={() => void choose(client.clientId)}
                  >
                    <strong>{client.name}</strong>{' '}
                    <span className="small">{[client.city, client.state].filter(Boolean).join(', ')}</span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            ))}
        </div>
      )}
      {missing && (
        <div id="client-choice-missing" className="text-danger small">
          {CLIENT_CHOICE_TEXT.missing}
        </div>
      )}
    </fieldset>
  );
}
