import { describe, expect, it } from '@jest/globals';
import { LEGAL_ENTITY_TYPES, type LegalEntityType } from 'shared-domain/forms';
import { RESOLUTION_HEADINGS, resolutionPdf } from '../../src/documents/index.js';
import { expectFramed, expectInOrder, expectNoMissingValues, exampleSource, rendered } from './sources.js';

const resolution = (overrides: Record<string, unknown> = {}) =>
  rendered(resolutionPdf, exampleSource(overrides));

/** Who adopts the plan, by legal entity type (shared-domain's LEGAL_ENTITY_TYPES). */
const BODIES: Record<LegalEntityType, string> = {
  Corp: 'Board of Directors',
  'Corp - Sub Chapter S': 'Board of Directors',
  LLC: 'Members',
  'Non-Profit Organization': 'Board of Trustees',
  Partnership: 'Partners',
  'Sole Prop': 'Owner',
  'Government Entity': 'Governing Board',
};

/** The resolution (plan-documents.md "Resolution") from DOCUMENT_EXAMPLE, an LLC. */
describe('resolutionPdf', () => {
  it('is the resolution of the members of an LLC, with recitals, resolutions, ratification and the certificate', async () => {
    const { text, pages } = await resolution();
    expectFramed(pages, { company: 'Orchard Dental Group', planYear: '01/01/2027 - 12/31/2027' });
    expect(text).toContain('Resolution of the Members of Orchard Dental Group');
    expect(text).toContain(
      'The Members of Orchard Dental Group (the "Employer"), a limited liability company, adopt',
    );
    expect(text).not.toMatch(/Board|Directors|Trustees/);
    expectInOrder(text, [...RESOLUTION_HEADINGS]);
    expectInOrder(text, [
      'RESOLVED, that the Orchard Dental Group Premium Only Plan, in the form attached to this resolution, is adopted effective 01/01/2027',
      'RESOLVED, that the Employer is named the Plan Administrator of the plan',
      'RESOLVED, that each member, manager or officer of the Employer is authorized to sign the plan and its summary plan description',
      'to make the payroll changes',
      'to give the eligible employees notice of the plan',
      'Ratification RESOLVED, that every action taken on behalf of the Employer before these resolutions',
      "Secretary's Certificate I, the undersigned Secretary or Managing Member of Orchard Dental Group",
    ]);
    expect(text).toMatch(/Signature: _+ Name: _+ Title \(Secretary or Managing Member\): _+ Date: _+/);
  });

  it.each(LEGAL_ENTITY_TYPES.map((type) => [type, BODIES[type]]))(
    'names the body of a %s: %s',
    async (legalEntityType, body) => {
      const { text } = await resolution({ legalEntityType });
      expect(text).toContain(`Resolution of the ${body} of Orchard Dental Group`);
      expect(text).toContain(`presented to the ${body};`);
      expect(text).toContain(`adopted by the ${body} of the Employer`);
      for (const other of new Set(Object.values(BODIES))) {
        if (other !== body && !body.includes(other)) expect(text).not.toContain(`the ${other} `);
      }
    },
  );

  it('falls back to the board of directors for an unknown entity type', async () => {
    for (const legalEntityType of [undefined, 'Cooperative', 7]) {
      expect((await resolution({ legalEntityType })).text).toContain(
        'Resolution of the Board of Directors of',
      );
    }
  });

  it('gives notice within the notice time frame, and states the amendment and HSA when answered', async () => {
    expect((await resolution({ noticeTimeFrame: 30 })).text).toContain(
      'within 30 days after this resolution',
    );
    expect((await resolution({ noticeTimeFrame: 1 })).text).toContain('within 1 day after this resolution');
    expect((await resolution()).text).toContain('within a reasonable time after this resolution');

    const amended = await resolution({
      amendmentToOriginal: true,
      originalEffectiveDate: '2019-01-01',
      amendmentEffectiveDate: '2027-01-01',
      allowHSAContributions: true,
      hsaAmendmentEffectiveDate: '2027-04-01',
    });
    expect(amended.text).toContain('Amending and Restating the Orchard Dental Group Premium Only Plan');
    expect(amended.text).toContain(
      'has maintained the Orchard Dental Group Premium Only Plan since 01/01/2019',
    );
    expect(amended.text).toContain('is amended and restated effective 01/01/2027');
    expect(amended.text).toContain('contributions to health savings accounts effective 04/01/2027');
    expect((await resolution()).text).not.toMatch(/restate|health savings/);
  });

  it('prints no missing value for an empty form', async () => {
    const empty = await rendered(resolutionPdf, {
      form: {},
      planYear: { start: '', end: '' },
      generatedOn: '',
    });
    empty.pages.forEach(expectNoMissingValues);
    expect(empty.text).toContain('Resolution of the Board of Directors of');
  });
});
