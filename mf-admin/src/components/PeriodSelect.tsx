import { Form } from 'shared-ui/bootstrap';
import { currentPeriod, MONTH_NAMES, reportYears, type ReportPeriod } from '../lib/report-period.js';

interface PeriodSelectProps {
  /** The selects' ids are `${idPrefix}-month` and `${idPrefix}-year`. */
  idPrefix: string;
  period: ReportPeriod;
  onChange(period: ReportPeriod): void;
}

/**
 * A report's Month and Year selects (specs/3-admin.md §5): the 12 months, and this year back 3,
 * never below 2017. Columns of a `row` form.
 */
export function PeriodSelect({ idPrefix, period, onChange }: PeriodSelectProps) {
  const years = reportYears(currentPeriod().year);
  return (
    <>
      <Form.Group className="col-md-3" controlId={`${idPrefix}-month`}>
        <Form.Label>Month</Form.Label>
        <Form.Select
          value={period.month}
          onChange={(event) => onChange({ ...period, month: Number(event.target.value) })}
        >
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-md-2" controlId={`${idPrefix}-year`}>
        <Form.Label>Year</Form.Label>
        <Form.Select
          value={period.year}
          onChange={(event) => onChange({ ...period, year: Number(event.target.value) })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </>
  );
}
