import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Busy, notifySuccess, UserSearchModal, type ClientSearchRow, type UserRow } from 'shared-ui';
import {
  addCompany,
  linkUser,
  removeCompany,
  searchClients,
  searchUsers,
  unlinkUser,
  useLinkedUsers,
  useUserCompanies,
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

  return (
    <Card className="mb-3">
      <Card.Header className="d-flex align-items-center">
        <h2 className="h5 mb-0" id="linked-users-title">
          Linked Users
        </h2>
        <Button size="sm" className="ms-auto" onClick={() => setSearching(true)}>
          Link User
        </Button>
      </Card.Header>
      <Card.Body>
        {!linked ? (
          <Busy label="Loading linked users" />
        ) : linked.length === 0 ? (
          <p className="text-muted mb-0">No linked users</p>
        ) : (
          <Table size="sm" hover aria-labelledby="linked-users-title" className="mb-0">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Username</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">
                  <span className="visually-hidden">Unlink</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {linked.map((other) => (
                <tr key={other.userId}>
                  <td>{fullName(other)}</td>
                  <td>{other.userName}</td>
                  <td>{other.email}</td>
                  <td>{other.role}</td>
                  <td className="text-end">
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0"
                      aria-label={`Unlink ${other.userName}`}
                      onClick={() => void unlink(other.userId)}
                    >
                      Unlink
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
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
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
      </Form>
      {results && results.length === 0 && <p className="text-muted">{USERS_MESSAGES.noResults}</p>}
      {results && results.length > 0 && (
        <>
          <Table size="sm" hover aria-labelledby="add-companies-title">
            <tbody>
              {results.map((client) => (
                <tr key={client.clientId}>
                  <td>
                    <Form.Check
                      id={`add-company-${client.clientId}`}
                      label={client.name}
                      checked={chosen.includes(client.clientId)}
                      onChange={(event) =>
                        setChosen(
                          event.target.checked
                            ? [...chosen, client.clientId]
                            : chosen.filter((id) => id !== client.clientId),
                        )
                      }
                    />
                  </td>
                  <td>{[client.city, client.state].filter(Boolean).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Button size="sm" disabled={chosen.length === 0 || working} onClick={() => void add()}>
            Add Selected
          </Button>
        </>
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
      <Card.Header className="d-flex align-items-center">
        <h2 className="h5 mb-0" id="user-companies-title">
          Companies
        </h2>
        <Button
          size="sm"
          variant="outline-danger"
          className="ms-auto"
          disabled={chosen.length === 0 || working}
          onClick={() => void remove()}
        >
          Remove Selected
        </Button>
      </Card.Header>
      <Card.Body>
        {!companies ? (
          <Busy label="Loading companies" />
        ) : companies.length === 0 ? (
          <p className="text-muted mb-0">No companies</p>
        ) : (
          <Table size="sm" hover aria-labelledby="user-companies-title" className="mb-0">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Zip Code</th>
                <th scope="col">Account Id</th>
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <tr key={company.clientId}>
                  <td>
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
                  </td>
                  <td>{company.state}</td>
                  <td>{company.zipCode}</td>
                  <td>{company.strategicPartnerAccountId}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
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
    <section aria-labelledby="admin-users-title">
      <div className="d-flex align-items-center mb-3">
        <h1 className="h3 mb-0" id="admin-users-title">
          Users
        </h1>
        <Button className="ms-auto" onClick={() => setSearching(true)}>
          Find User
        </Button>
      </div>
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
        <p className="text-muted">Find a user by username, e-mail or full name.</p>
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
