import { FIELD_MESSAGES } from '../messages.js';
import type { NdtInput } from './types.js';

export type NdtValidation = { ok: true; value: NdtInput } | { ok: false; errors: string[] };

type Fields = Record<string, unknown>;

/**
 * Checks untrusted NDT input for the branch it takes (2-documents §4, §5; non-discrimination-testing.md):
 * every yes/no of the path answered, every figure of the sub-steps a number, 0 or greater (zero is valid),
 * head counts and participants whole, eligible ≤ total, participants ≤ eligible, benefits elected ≤ the
 * group's compensation. Each message starts with the field's name. The cleaned value keeps only the fields
 * of the branch taken (as the wizard's "new test resets all values"; the specs' ndtAnswer3b and
 * ndtAnswer5a are dropped: the server recomputes those steps). Step 5a after step 3 yes asks the totals of
 * 3b: everyone is eligible, so the cleaned value sets eligibleNonHces and eligibleHces to them (any
 * eligible counts sent on that path are ignored).
 */
export function validateNdtInput(input: unknown): NdtValidation {
  const raw: Fields = typeof input === 'object' && input !== null ? (input as Fields) : {};
  const errors: string[] = [];
  const value: Fields = {};

  const answer = (field: string): boolean | undefined => {
    const given = raw[field];
    if (given === undefined || given === null) errors.push(FIELD_MESSAGES.required(field));
    else if (typeof given !== 'boolean') errors.push(`${field} must be true or false`);
    else value[field] = given;
    return typeof given === 'boolean' ? given : undefined;
  };
  const figure = (field: string, whole = false): number | undefined => {
    const given = raw[field];
    if (given === undefined || given === null || given === '') errors.push(FIELD_MESSAGES.required(field));
    else if (typeof given !== 'number' || !Number.isFinite(given)) errors.push(`${field} must be a number`);
    else if (given < 0) errors.push(`${field} must be 0 or greater`);
    else if (whole && !Number.isInteger(given)) errors.push(`${field} must be a whole number`);
    else {
      value[field] = given;
      return given;
    }
    return undefined;
  };
  const atMost = (part: string, whole: string) => {
    const [a, b] = [value[part], value[whole]];
    if (typeof a === 'number' && typeof b === 'number' && a > b)
      errors.push(`${part} cannot be more than ${whole}`);
  };

  const noneWithout = (amount: string, participants: string) => {
    const [a, heads] = [value[amount], value[participants]];
    if (heads === 0 && typeof a === 'number' && a > 0)
      errors.push(`${amount} must be 0 when ${participants} is 0`);
  };

  if (raw.name !== undefined && raw.name !== null) {
    if (typeof raw.name !== 'string') errors.push('name must be text');
    else value.name = raw.name;
  }

  const steps1To4 = ['ndtAnswer1', 'ndtAnswer2', 'ndtAnswer3', 'ndtAnswer4'].map(answer);
  if (steps1To4[2] === false) {
    answer('ndtAnswer3a');
    for (const field of ['eligibleNonHces', 'totalNonHces', 'eligibleHces', 'totalHces']) figure(field, true);
    atMost('eligibleNonHces', 'totalNonHces');
    atMost('eligibleHces', 'totalHces');
  }

  // 1–4 all yes: submitted at once, steps 5–7 are not asked. An unanswered 1–4 asks for 5–7 too.
  if (!steps1To4.every((given) => given === true)) {
    const step5 = answer('ndtAnswer5');
    if (step5 === false) {
      if (steps1To4[2] === true) {
        // Step 3 yes: eligible = total, and utilization needs the eligible counts.
        const totalNonHces = figure('totalNonHces', true);
        const totalHces = figure('totalHces', true);
        if (totalNonHces !== undefined) value.eligibleNonHces = totalNonHces;
        if (totalHces !== undefined) value.eligibleHces = totalHces;
      }
      figure('grossCompensationHces');
      figure('grossCompensationNonHces');
      figure('participatingHces', true);
      figure('participatingNonHces', true);
      figure('benefitsElectedHces');
      figure('benefitsElectedNonHces');
      if (steps1To4[2] === false) {
        atMost('participatingHces', 'eligibleHces');
        atMost('participatingNonHces', 'eligibleNonHces');
      } else if (steps1To4[2] === true) {
        atMost('participatingHces', 'totalHces');
        atMost('participatingNonHces', 'totalNonHces');
      }
      atMost('benefitsElectedHces', 'grossCompensationHces');
      atMost('benefitsElectedNonHces', 'grossCompensationNonHces');
      // A group with no participants has no participants' pay and elects nothing: figures for nobody
      // would make the share of pay say one thing and the verdict another.
      noneWithout('grossCompensationHces', 'participatingHces');
      noneWithout('benefitsElectedHces', 'participatingHces');
      noneWithout('grossCompensationNonHces', 'participatingNonHces');
      noneWithout('benefitsElectedNonHces', 'participatingNonHces');
    }
    answer('ndtAnswer6');
    figure('totalCostOfBenefits');
    figure('totalCostKeyEmployees');
    atMost('totalCostKeyEmployees', 'totalCostOfBenefits');
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: value as unknown as NdtInput };
}
