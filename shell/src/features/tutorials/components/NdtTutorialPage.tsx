import { calendarPlanYearOf, NDT_QUESTIONS, productToday, type NdtStep } from 'shared-domain';
import { type AppConfig, NdtDefinitions, PageHeader, ScrollableTable, useAppConfig } from 'shared-ui';
import { Guides } from '../../../components/Guides.js';

/**
 * A video id from the configuration, opened on YouTube in a new tab: the gateway's CSP allows no
 * third-party frames, and a link needs none.
 */
const videoUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** 'keyEmployee' → 'Key employee': a readable title for a configured video. */
function videoTitle(key: string) {
  const words = key
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Videos({ videoIds }: { videoIds: AppConfig['videoIds'] }) {
  const videos = Object.entries(videoIds).filter(([, id]) => typeof id === 'string' && id !== '');
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="ndt-videos" className="mb-4">
      <h2 id="ndt-videos" className="h4">
        Videos
      </h2>
      <ul>
        {videos.map(([key, id]) => (
          <li key={key}>
            <a href={videoUrl(id)} target="_blank" rel="noreferrer">
              {videoTitle(key)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The wizard's steps (specs/2-documents.md §4, the domain note's mapping): where each answer leads and
 * what it decides. The questions are shared-domain's NDT_QUESTIONS, the wizard's own wording.
 */
const STEPS: ReadonlyArray<{ step: NdtStep; then: string; decides: string }> = [
  {
    step: '1',
    then: 'Step 2.',
    decides: 'Eligibility: a no fails the test, unless the premium-only safe harbor applies (step 4).',
  },
  {
    step: '2',
    then: 'Step 3.',
    decides:
      'Availability of benefits: a no fails the test, unless the premium-only safe harbor applies (step 4).',
  },
  {
    step: '3',
    then: 'Yes: step 4. No: steps 3a and 3b, then step 4.',
    decides: 'Eligibility: yes passes the eligibility ratio test; no lets steps 3a and 3b decide it.',
  },
  {
    step: '3a',
    then: 'Step 3b.',
    decides:
      'Reasonable classification: a no fails the test, unless the premium-only safe harbor applies (step 4).',
  },
  {
    step: '3b',
    then: 'Enter the total and the eligible non-HCEs and HCEs (zero is valid), then step 4.',
    decides:
      'The eligibility ratio test: a ratio at or above the safe harbor passes, one below the unsafe harbor fails, and one between them fails with the advice to review it with counsel. No eligible HCE passes.',
  },
  {
    step: '4',
    then: 'Steps 1 to 4 all yes: the test is submitted at once. Otherwise step 5.',
    decides:
      'The premium-only safe harbor (Prop. Treas. Reg. §1.125-7(f)): a premium-only plan whose eligibility is at the safe harbor (step 3 yes, or step 3b at or above the safe harbor) passes every test, whatever steps 1, 2, 3a and 5 to 7 say; the results mark those steps as not needed.',
  },
  {
    step: '5',
    then: 'Yes: step 6. No: step 5a, then step 6.',
    decides: 'Utilization: yes passes it; a no lets the figures of step 5a decide.',
  },
  {
    step: '5a',
    then: 'For HCEs and for non-HCEs: the participants, their total pay and the benefits they elect (and, after step 3 yes, the number of employees in each group), then step 6.',
    decides:
      'Utilization: the benefits HCE participants elect, as a share of their pay, may not be higher than the same share for non-HCE participants. No eligible non-HCEs passes.',
  },
  {
    step: '6',
    then: 'Step 7.',
    decides:
      'Health benefits (the 75% rule) is a safe harbor: yes passes that part; a no is not a Fail by itself, and availability (step 2) and utilization (steps 5 and 5a) decide.',
  },
  {
    step: '7',
    then: 'Enter the total cost of benefits and the cost for key employees, then Submit.',
    decides:
      'Key employees: more than 25% of the total cost fails the test (unless the premium-only safe harbor applies); exactly 25% passes.',
  },
];

function Steps() {
  return (
    <section aria-labelledby="ndt-steps" className="mb-4">
      <h2 id="ndt-steps" className="h4">
        The steps
      </h2>
      <ol className="mb-3">
        <li>
          Open the document from My POP Documents: Actions, then Non-discrimination Testing. A paid document
          that is not read-only can be tested until its plan year ends.
        </li>
        <li>
          Read the instructions (the key employee and HCE rules, the 25% limit, the 75% rule for major
          medical, group term life up to $50,000), type your name if you like, and choose Next.
        </li>
        <li>
          Answer each step below. Next appears once the step is answered; Back returns to the step before.
        </li>
        <li>
          Read the results: every answer with the figures it used and why, and the result, Pass in green or
          Fail in red, with the regulation each step rests on and, for a Fail, what the employer can change.
          Print them and keep them with the plan document. Take a new test (or, after a Fail, Take the test
          again) starts again with every answer cleared.
        </li>
      </ol>
      <ScrollableTable label="Testing steps" bordered size="sm">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Question</th>
            <th scope="col">Then</th>
            <th scope="col">What it decides</th>
          </tr>
        </thead>
        <tbody>
          {STEPS.map(({ step, then, decides }) => (
            <tr key={step}>
              <th scope="row">{step}</th>
              <td>{NDT_QUESTIONS[step]}</td>
              <td>{then}</td>
              <td>{decides}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      <p className="small">
        The result is Pass only when every test passes; the server computes it from your answers and keeps it.
        The testing tool is an aid, not legal advice.
      </p>
    </section>
  );
}

/**
 * /tutorials/ndt: the wizard's steps, and what the app configuration supplies (never hard-coded here).
 * The definitions are the configured ones (one text of each) with the limits of the calendar plan year
 * containing today in the product's time zone: a tutorial has no document of its own.
 */
export function NdtTutorialPage() {
  const { data: config } = useAppConfig();
  const planYear = calendarPlanYearOf(productToday());
  return (
    <>
      <PageHeader
        title="Non-Discrimination Testing"
        lead="How to test a plan for non-discrimination, step by step."
      />
      <Steps />
      <NdtDefinitions
        heading={{ level: 2, className: 'h4' }}
        definitions={config?.definitions}
        planYear={planYear}
        note="That is the calendar year containing today; the test’s instructions state the amounts of your document’s own plan year."
      />
      {config?.links && <Guides links={config.links} />}
      {config?.videoIds && <Videos videoIds={config.videoIds} />}
    </>
  );
}
