import { useState, type FormEvent } from 'react';
import { Button, Card, Form } from 'shared-ui/bootstrap';
import {
  DataTable,
  EmptyState,
  notifySuccess,
  PageHeader,
  TERMS,
  UserSearchModal,
  type ClientSearchRow,
  type Column,
  type UserRow,
} from 'shared-ui';
import {
  addCompany,
  linkUser,
  removeCompany,
  searchClients,
  searchUsers,
  unlinkUser,
  useLinkedUsers,
  useUserCompanies,
  type LinkedUser,
  type UserCompany,
} from '../api/users.js';

/** The users screen's texts (specs/3-admin.md §2 Users, §8), word for word. */
export const USERS_MESSAGES = {
  noResults: 'No results found',
  linked: 'User Linked',
  added: (names: readonly string[]) => `Added ${names.join(', ')}`,
  removed: (names: readonly string[]) => `Removed ${names.join(', ')}`,
} as const;

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** Each item on its own: an error toast per failed item (the api client's), the names of the ones done. */
async function eachOf<T>(items: readonly T[], act: (item: T) => Promise<unknown>): Promise<T[]> {
  const done: T[] = [];
  for (const item of items) {
    try {
      await act(item);
      done.push(item);
    } catch {
      // told by the api client, one toast per failed item
    }
  }
  return done;
}

function LinkedUsers({ user }: { user: UserRow }) {
  const { data: linked, mutate } = useLinkedUsers(user.userId);
  const [searching, setSearching] = useState(false);

  async function link(other: UserRow) {
    setSearching(false);
    try {
      await linkUser(user.userId, other.userId);
      notifySuccess(USERS_MESSAGES.linked);
    } finally {
      await mutate();
    }
  }

  async function unlink(otherUserId: string) {
    try {
      await unlinkUser(user.userId, otherUserId);
    } finally {
      await mutate();
    }
  }

  const linkedColumns: Column<LinkedUser>[] = [
    { key: 'name', header: 'Name', cell: fullName },
    { key: 'username', header: 'Username', cell: (other) => other.userName },
    { key: 'email', header: 'Email', cell: (other) => other.email },
    { key: 'role', header: 'Role', cell: (other) => other.role },
    {
      key: 'unlink',
      header: 'Unlink',
      hideHeader: true,
      className: 'text-end',
      cell: (other) => (
        <Button
          variant="outline-secondary"
          size="sm"
          aria-label={`Unlink ${other.userName}`}
          onClick={() => void unlink(other.userId)}
        >
          Unlink
        </Button>
      ),
    },
  ];

  return (
    <Card className="mb-3">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h5 mb-0 me-auto" id="linked-users-title">
          Linked Users
        </h2>
        <Button size="sm" onClick={() => setSearching(true)}>
          Link User
        </Button>
      </Card.Header>
      <Card.Body>
        <DataTable
          label="Linked Users"
          columns={linkedColumns}
          rows={linked}
          rowKey={(other) => other.userId}
          empty="No linked users"
          busyLabel="Loading linked users"
          size="sm"
          hover
        />
        <p className="small text-muted mt-2 mb-0">
          Linked users see each other&apos;s documents and clients.
        </p>
      </Card.Body>
      <UserSearchModal
        show={searching}
        title="Link User"
        searchUsers={searchUsers}
        noResultsText={USERS_MESSAGES.noResults}
        onSelect={(other) => void link(other)}
        onClose={() => setSearching(false)}
      />
    </Card>
  );
}

function AddCompanies({ userId, onAdded }: { userId: string; onAdded(): Promise<unknown> }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<ClientSearchRow[]>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [working, setWorking] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return;
    try {
      setResults(await searchClients(text.trim()));
      setChosen([]);
    } catch {
      // told by the api client
    }
  }

  const toggle = (clientId: string, checked: boolean) =>
    setChosen(checked ? [...chosen, clientId] : chosen.filter((id) => id !== clientId));

  async function add() {
    const clients = (results ?? []).filter((client) => chosen.includes(client.clientId));
    setWorking(true);
    const added = await eachOf(clients, (client) => addCompany(client.clientId, userId));
    setWorking(false);
    if (added.length > 0) notifySuccess(USERS_MESSAGES.added(added.map((client) => client.name)));
    setChosen(chosen.filter((id) => !added.some((client) => client.clientId === id)));
    await onAdded();
  }

  return (
    <div className="mt-3">
      <h3 className="h6" id="add-companies-title">
        Add Companies
      </h3>
      <Form className="d-flex gap-2 mb-2" onSubmit={(event) => void search(event)}>
        <Form.Control
          aria-label="Company search text"
          placeholder="Name, tax id or account id"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline-secondary">
          Search
        </Button>
      </Form>
      {results && (
        <DataTable
          label="Add Companies"
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (client) => (
                <Form.Check
                  id={`add-company-${client.clientId}`}
                  label={client.name}
                  checked={chosen.includes(client.clientId)}
                  onChange={(event) => toggle(client.clientId, event.target.checked)}
                />
              ),
            },
            {
              key: 'location',
              header: 'Location',
              cell: (client) => [client.city, client.state].filter(Boolean).join(', '),
            },
          ]}
          rows={results}
          rowKey={(client) => client.clientId}
          empty={USERS_MESSAGES.noResults}
          size="sm"
          hover
        />
      )}
      {results && results.length > 0 && (
        <Button size="sm" disabled={chosen.length === 0 || working} onClick={() => void add()}>
          Add Selected
        </Button>
      )}
    </div>
  );
}

function Companies({ user }: { user: UserRow }) {
  const { data: companies, mutate } = useUserCompanies(user.userId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [working, setWorking] = useState(false);

  async function remove() {
    const picked = (companies ?? []).filter((company) => chosen.includes(company.clientId));
    setWorking(true);
    const removed = await eachOf<UserCompany>(picked, (company) =>
      removeCompany(company.clientId, user.userId),
    );
    setWorking(false);
    if (removed.length > 0) notifySuccess(USERS_MESSAGES.removed(removed.map((company) => company.name)));
    setChosen([]);
    await mutate();
  }

  return (
    <Card className="mb-3">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h5 mb-0 me-auto" id="user-companies-title">
          Companies
        </h2>
        <Button
          size="sm"
          variant="danger"
          disabled={chosen.length === 0 || working}
          onClick={() => void remove()}
        >
          Remove Selected
        </Button>
      </Card.Header>
      <Card.Body>
        <DataTable
          label="Companies"
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (company) => (
                <Form.Check
                  id={`company-${company.clientId}`}
                  label={company.name}
                  checked={chosen.includes(company.clientId)}
                  onChange={(event) =>
                    setChosen(
                      event.target.checked
                        ? [...chosen, company.clientId]
                        : chosen.filter((id) => id !== company.clientId),
                    )
                  }
                />
              ),
            },
            { key: 'state', header: 'State', cell: (company) => company.state },
            { key: 'zip', header: TERMS.zipCode, cell: (company) => company.zipCode },
            { key: 'accountId', header: 'Account Id', cell: (company) => company.strategicPartnerAccountId },
          ]}
          rows={companies}
          rowKey={(company) => company.clientId}
          empty="No companies"
          busyLabel="Loading companies"
          size="sm"
          hover
        />
        <AddCompanies userId={user.userId} onAdded={() => mutate()} />
      </Card.Body>
    </Card>
  );
}

/**
 * /admin/users (specs/3-admin.md §2 Users): find a user by username, e-mail or full name, then their
 * linked users (link and unlink) and their companies (add and remove).
 */
export function AdminUsers() {
  const [searching, setSearching] = useState(false);
  const [user, setUser] = useState<UserRow>();

  return (
    <section className="py-3">
      <PageHeader
        title="Users"
        actions={
          <Button variant="primary" onClick={() => setSearching(true)}>
            Find User
          </Button>
        }
      />
      {user ? (
        <>
          <Card className="mb-3" aria-label="Selected user">
            <Card.Body>
              <h2 className="h5">{fullName(user)}</h2>
              <div className="text-muted">
                {user.username} · {user.email} · {user.role}
              </div>
            </Card.Body>
          </Card>
          <LinkedUsers key={`links-${user.userId}`} user={user} />
          <Companies key={`companies-${user.userId}`} user={user} />
        </>
      ) : (
        <EmptyState>Find a user by username, e-mail or full name.</EmptyState>
      )}
      <UserSearchModal
        show={searching}
        searchUsers={searchUsers}
        noResultsText={USERS_MESSAGES.noResults}
        onSelect={(found) => {
          setUser(found);
          setSearching(false);
        }}
        onClose={() => setSearching(false)}
      />
    </section>
  );
}
