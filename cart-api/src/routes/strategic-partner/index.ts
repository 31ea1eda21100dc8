import { Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { strategicPartners } from './queries.js';
import { StrategicPartnerOption } from './schemas.js';

/** GET /strategic-partner: the partners, by name (feeds the 'New POP Document' dropdown). */
const strategicPartner: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The strategic partners, by name',
        response: { 200: Type.Array(StrategicPartnerOption) },
      },
    },
    async () => strategicPartners(app.db),
  );
};

export default strategicPartner;
