import { BrowserRouter, Link, Route, Routes } from 'react-router';

const ROWS = ['Acme Plumbing', 'Birch Dental', 'Cedar Logistics', 'Delta Bakery', 'Elm Street Clinic'];

/** A heading, a short table and a link: the shape of a signed-in list page, with no data to fetch. */
function Home() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', margin: '0 auto', maxWidth: 960, padding: 16 }}>
      <h1>My POP Documents</h1>
      <table>
        <thead>
          <tr>
            <th>Client Company Name</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((name) => (
            <tr key={name}>
              <td>{name}</td>
              <td>Paid</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Link to="/document/new">New document</Link>
    </main>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<Home />} />
      </Routes>
    </BrowserRouter>
  );
}
