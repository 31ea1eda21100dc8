import type { FastifyPluginAsync } from 'fastify';

export interface StrategicPartnerOption {
  companyId: string;
  name: string;
}

/** GET /strategic-partner: the partners, by name (feeds the 'New POP Document' dropdown). */
const strategicPartner: FastifyPluginAsync = async (app) => {
  app.get('/', { config: { access: 'compliance' } }, async (): Promise<StrategicPartnerOption[]> => {
    const rows = await app.db
      .selectFrom('company')
      .select(['company_id', 'name'])
      .where('kind', '=', 'strategic-partner')
      .orderBy('name')
      .orderBy('company_id')
      .execute();
    return rows.map((row) => ({ companyId: row.company_id, name: row.name }));
  });
};

export default strategicPartner;
