import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import {
  describeFigures,
  formatProductDateTime,
  isFailedRow,
  isNotNeededRow,
  isOldShapeResult,
  NDT_RESULT_TEXTS,
  ndtRemedies,
  ndtRemedyLine,
  ndtSafeHarborSentence,
  type NdtStoredRow,
} from 'shared-domain';
import { renderPdf } from '../lib/pdf.js';
import { bullets, documentFrame, paragraph } from './frame.js';
import { planFacts } from './plan-facts.js';

export const NDT_RESULTS_TITLE = NDT_RESULT_TEXTS.title;

/** A stored test as the API answers it (`GET …/non-discrimination/{resultId}`), whatever its age. */
export interface NdtResultsSource {
  /** The document's order form (the company's name, read as the plan documents read it). */
  form: Record<string, unknown>;
  result: {
    takenBy: string;
    /** ISO timestamp of the test. */
    createdOn: string;
    planYearStart: string;
    planYearEnd: string;
    ndtResult: 'Pass' | 'Fail';
    safeHarbor: boolean;
    input: Record<string, unknown>;
    results: NdtStoredRow[];
  };
  /** ISO timestamp of the PDF (its day in New York is printed on every page). */
  generatedOn: string;
}

const GREEN = '#146c43';
const RED = '#b02a37';
const GREY = '#555555';
const FAILED_FILL = '#f8d7da';
const NOT_NEEDED_FILL = '#eeeeee';

/** The answer column: Yes/No for a question, the figures (named and formatted as on the page) for the others. */
function answerCell(row: NdtStoredRow, oldShape: boolean): TableCell {
  const lines: Content[] = [];
  if (row.answer !== null) lines.push({ text: row.answer ? 'Yes' : 'No' });
  for (const figure of describeFigures(row.figures, oldShape)) {
    lines.push({ text: [{ text: `${figure.label}: `, color: GREY }, figure.text], margin: [0, 0, 0, 1] });
  }
  return { stack: lines };
}

/** The row's own result: Pass or Fail, or Not needed, which does not count. */
function resultCell(row: NdtStoredRow, safeHarbor: boolean): TableCell {
  if (isNotNeededRow(row)) {
    const text = safeHarbor
      ? `${NDT_RESULT_TEXTS.notNeeded} ${NDT_RESULT_TEXTS.underSafeHarbor}`
      : NDT_RESULT_TEXTS.notNeeded;
    return { text, color: GREY };
  }
  return row.pass ? { text: 'Pass', bold: true, color: GREEN } : { text: 'Fail', bold: true, color: RED };
}

/** The why column: the sentence, the section it rests on, and for a counted Fail what the employer can change. */
function whyCell(row: NdtStoredRow): TableCell {
  const lines: Content[] = [{ text: row.why }];
  if (row.citation) {
    lines.push({ text: `${NDT_RESULT_TEXTS.citation} ${row.citation}`, color: GREY, margin: [0, 2, 0, 0] });
  }
  if (isFailedRow(row) && row.remedy) {
    lines.push({
      text: [{ text: `${NDT_RESULT_TEXTS.remedy} `, bold: true }, row.remedy],
      margin: [0, 2, 0, 0],
    });
  }
  return { stack: lines };
}

function resultsTable(source: NdtResultsSource['result']): Content {
  const oldShape = isOldShapeResult(source.results);
  const header = ['Step', 'Question', 'Answer', 'Result', 'Why'].map((text): TableCell => ({
    text,
    bold: true,
    fillColor: '#dddddd',
  }));
  const body: TableCell[][] = source.results.map((row) => {
    const fillColor = isNotNeededRow(row) ? NOT_NEEDED_FILL : row.pass ? undefined : FAILED_FILL;
    return [
      { text: row.step, bold: true },
      { text: row.question },
      answerCell(row, oldShape),
      resultCell(row, source.safeHarbor),
      whyCell(row),
    ].map((cell) => (fillColor ? { ...(cell as object), fillColor } : cell) as TableCell);
  });
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [24, 100, 110, 56, '*'], body: [header, ...body] },
    layout: {
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      hLineColor: () => '#999999',
      vLineColor: () => '#999999',
    },
    fontSize: 8,
    margin: [0, 6, 0, 10],
  };
}

/** After a Fail: what the employer can change, each remedy once with the steps it answers. */
function nextStep(rows: NdtStoredRow[]): Content {
  const remedies = ndtRemedies(rows);
  return {
    stack: [
      { text: NDT_RESULT_TEXTS.nextStep, style: 'heading' },
      ...(remedies.length > 0
        ? [paragraph(NDT_RESULT_TEXTS.remedy), bullets(remedies.map(ndtRemedyLine))]
        : [paragraph(NDT_RESULT_TEXTS.noRemedy)]),
      paragraph(NDT_RESULT_TEXTS.retest),
    ],
  };
}

/** The row of the summary: a label and its value. */
const fact = (label: string, value: Content): TableCell[] => [{ text: label, color: GREY }, value];

/**
 * The results PDF of a stored test (pure): the title, the company, the plan year, who took it and when
 * (the product's time zone), the verdict and, under test B, the premium-only safe harbor's sentence;
 * every row as on the results page (the citation and, for a counted Fail, what can change; a result
 * stored before issue 22 without them); after a Fail the remedies; the aid-not-legal-advice note. The
 * plan documents' frame: the company, plan name and plan year above, the generation date and the page
 * numbers below, on every page.
 */
export function ndtResultsDefinition(source: NdtResultsSource): TDocumentDefinitions {
  const { result } = source;
  const facts = planFacts({
    form: source.form,
    planYear: { start: result.planYearStart, end: result.planYearEnd },
    generatedOn: source.generatedOn,
  });
  const pass = result.ndtResult === 'Pass';
  const name = typeof result.input.name === 'string' ? result.input.name.trim() : '';
  const takenOn = Number.isNaN(Date.parse(result.createdOn)) ? '' : formatProductDateTime(result.createdOn);
  const content: Content[] = [
    {
      stack: [
        { text: NDT_RESULTS_TITLE, style: 'title' },
        { text: facts.company, style: 'subtitle' },
      ],
      margin: [0, 6, 0, 12],
    },
    {
      table: {
        widths: [90, '*'],
        body: [
          fact('Company', { text: facts.company }),
          fact('Plan year', { text: `${facts.planYearStart} – ${facts.planYearEnd}` }),
          fact('Taken by', { text: name ? `${result.takenBy} (${name})` : result.takenBy }),
          fact('Taken on', { text: takenOn }),
          fact('Result', { text: result.ndtResult, bold: true, fontSize: 14, color: pass ? GREEN : RED }),
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 8],
    },
    ...(result.safeHarbor ? [paragraph(ndtSafeHarborSentence(result.results.some(isNotNeededRow)))] : []),
    resultsTable(result),
    ...(pass ? [] : [nextStep(result.results)]),
    paragraph(NDT_RESULT_TEXTS.retain),
    { text: NDT_RESULT_TEXTS.notLegalAdvice, fontSize: 9, italics: true, margin: [0, 4, 0, 0] },
  ];
  return documentFrame(facts, NDT_RESULTS_TITLE, content);
}

/** The results PDF of a stored test, as bytes. */
export function ndtResultsPdf(source: NdtResultsSource): Promise<Buffer> {
  return renderPdf(ndtResultsDefinition(source));
}
