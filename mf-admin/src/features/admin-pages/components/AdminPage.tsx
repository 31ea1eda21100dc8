/** A back-office page still to be built (specs/3-admin.md): its title only, for now. */
export function AdminPage({ title }: { title: string }) {
  return (
    <section className="py-3">
      <h1>{title}</h1>
    </section>
  );
}
