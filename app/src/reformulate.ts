// The Reformulate panel's pure side: the goals the current label offers, the request built
// from the panel's choices (POST /v1/recipes/{id}/reformulate), the answer read into what
// each candidate changes, and the API's refusals in words. No I/O here: the panel
// (Reformulate.tsx) sends and draws.
import { ApiError, fieldProblems } from './api';
import { nutrientName } from './nutrients';
import type { Analysis, FopResult, FopScheme, Label } from './types';
import { parseNumber } from './util';

export type Basis = 'per_serving' | 'per_100g';

/** One goal as the API takes it. */
export interface GoalBody {
  scheme?: string;
  without?: string[];
  grade_at_least?: string;
  claim?: string;
  nutrient?: string;
  at_most?: number;
  basis?: Basis;
}

/** A goal the panel offers: a stable id, its words, and what it sends. */
export interface GoalOption {
  id: string;
  label: string;
  /** Where it comes from (the scheme's name), shown small. */
  detail?: string;
  body: GoalBody;
}

/** What the current label lets the panel offer as goals. */
export interface GoalOffer {
  /** "Remove this seal": one per warning mark the label carries. */
  seals: GoalOption[];
  /** The grade scheme's current grade and the grades a goal may ask for (best first). */
  grade: { scheme: string; name: string; current: string; grades: string[] } | null;
  /** The claims the label makes now: "still qualifies for" goals. */
  claims: GoalOption[];
  /** Why no claim is judged for this recipe (then no claim goal can be met). */
  claimsWithheld: string | null;
  /** Nutrients the label has an amount of, for "at most N". */
  nutrients: { key: string; name: string }[];
}

/** Grades of a grade scheme, best first (Nutri-Score's A to E). */
const GRADES = ['A', 'B', 'C', 'D', 'E'];

/** The scheme kind that takes "grade at least" goals (the API refuses others). */
const GRADED_KIND = 'nutriscore';

/** Whether `result` is a warning scheme's (seals, octagons, "High in"). */
function isWarning(result: FopResult, schemes: FopScheme[]): boolean {
  const known = schemes.find((s) => s.id === result.scheme);
  if (known) return known.kind === 'warning';
  // Without the scheme list: a warning mark is printed text, never a grade or a colour.
  return result.marks.some((m) => m.text && !m.grade && !m.colour);
}

function isGraded(result: FopResult, schemes: FopScheme[]): boolean {
  const known = schemes.find((s) => s.id === result.scheme);
  return known ? known.kind === GRADED_KIND : result.scheme === 'eu.fop.nutriscore';
}

const schemeName = (id: string, schemes: FopScheme[]) => schemes.find((s) => s.id === id)?.name ?? id;

/** The goals the label of `analysis` offers. */
export function goalOffer(analysis: Analysis | null, schemes: FopScheme[]): GoalOffer {
  const label = analysis?.label;
  const results = label?.front_of_pack ?? [];
  const seals: GoalOption[] = [];
  for (const r of results.filter((r) => isWarning(r, schemes))) {
    for (const mark of r.marks) {
      if (!mark.text) continue;
      seals.push({
        id: `seal:${r.scheme}:${mark.code ?? mark.text}`,
        label: `Remove “${mark.text}”`,
        detail: schemeName(r.scheme, schemes),
        // The printed text: what the user sees, and what the API matches marks by.
        body: { scheme: r.scheme, without: [mark.text] },
      });
    }
  }
  let grade: GoalOffer['grade'] = null;
  for (const r of results.filter((r) => isGraded(r, schemes))) {
    const current = r.marks.find((m) => m.grade)?.grade;
    const at = current ? GRADES.indexOf(current) : -1;
    if (at >= 0) grade = { scheme: r.scheme, name: schemeName(r.scheme, schemes), current: current!, grades: GRADES.slice(0, at + 1) };
  }
  const claims = (analysis?.claims ?? []).map((c) => ({
    id: `claim:${c.code}`,
    label: `Still qualifies for “${c.text}”`,
    detail: c.citation,
    body: { claim: c.code },
  }));
  const nutrients = Object.keys((label?.unrounded as Record<string, number> | undefined) ?? {})
    .filter((key) => key !== 'water_g')
    .map((key) => ({ key, name: nutrientName(key) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { seals, grade, claims, claimsWithheld: analysis?.claims_withheld ?? null, nutrients };
}

/** A line's limits as typed. */
export interface LineLimit {
  locked: boolean;
  min: string;
  max: string;
}

/** The panel's choices, as typed. */
export interface ReformForm {
  /** Chosen seal and claim option ids. */
  chosen: string[];
  /** '' or the least grade wanted. */
  grade: string;
  /** A claim code to earn, typed ('' for none). */
  otherClaim: string;
  /** '' or a nutrient key, with its limit. */
  nutrient: string;
  atMost: string;
  basis: Basis;
  lines: LineLimit[];
  maxChangePct: string;
  keepTotal: boolean;
  candidates: string;
}

/** The API's defaults: 50 % largest change, 3 candidates. */
export function emptyForm(lineCount: number): ReformForm {
  return {
    chosen: [],
    grade: '',
    otherClaim: '',
    nutrient: '',
    atMost: '',
    basis: 'per_serving',
    lines: Array.from({ length: lineCount }, () => ({ locked: false, min: '', max: '' })),
    maxChangePct: '50',
    keepTotal: false,
    candidates: '3',
  };
}

/** A form kept across a recompute, fitted to `lineCount` lines. */
export function fitForm(form: ReformForm, lineCount: number): ReformForm {
  if (form.lines.length === lineCount) return form;
  const lines = Array.from({ length: lineCount }, (_, i) => form.lines[i] ?? { locked: false, min: '', max: '' });
  return { ...form, lines };
}

export interface ReformRequest {
  body: {
    goals: GoalBody[];
    constraints: {
      fixed_lines: number[];
      lines: { index: number; min_g?: number; max_g?: number }[];
      max_change_pct: number;
      keep_total_weight: boolean;
    };
    candidates: number;
  };
  /** Each goal in the panel's words, by its index in `body.goals`. */
  goals: string[];
}

/** Field ids of the panel, for problems shown next to their field. */
export const FIELD = {
  goals: 'reform-goals',
  atMost: 'reform-at-most',
  otherClaim: 'reform-claim',
  maxChange: 'reform-max-change',
  candidates: 'reform-candidates',
  min: (i: number) => `reform-line-${i}-min`,
  max: (i: number) => `reform-line-${i}-max`,
};

const trimNumber = (n: number) => Math.round(n * 1000) / 1000;

/** The request the choices make, or the problems that stop it (by field id). */
export function buildRequest(form: ReformForm, offer: GoalOffer): ReformRequest | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const goals: GoalBody[] = [];
  const words: string[] = [];
  for (const option of [...offer.seals, ...offer.claims]) {
    if (form.chosen.includes(option.id)) {
      goals.push(option.body);
      words.push(option.label);
    }
  }
  if (form.grade && offer.grade) {
    goals.push({ scheme: offer.grade.scheme, grade_at_least: form.grade });
    words.push(`Grade ${form.grade} or better (${offer.grade.name})`);
  }
  const claim = form.otherClaim.trim();
  if (claim) {
    if (!/^[a-z0-9_]+$/.test(claim)) problems[FIELD.otherClaim] = 'A claim code is lowercase letters, digits and _ (for example low_sodium).';
    goals.push({ claim });
    words.push(`Qualifies for ${claim}`);
  }
  if (form.nutrient) {
    const limit = parseNumber(form.atMost);
    const name = offer.nutrients.find((n) => n.key === form.nutrient)?.name ?? nutrientName(form.nutrient);
    if (limit === null || limit < 0) {
      problems[FIELD.atMost] = `Give the most ${name} allowed, 0 or more.`;
    } else {
      goals.push({ nutrient: form.nutrient, at_most: limit, basis: form.basis });
      words.push(`${name} at most ${trimNumber(limit)} ${form.basis === 'per_100g' ? 'per 100 g' : 'per serving'}`);
    }
  } else if (form.atMost.trim()) {
    problems[FIELD.atMost] = 'Choose the nutrient this limit is for.';
  }
  if (!goals.length && !problems[FIELD.atMost]) problems[FIELD.goals] = 'Choose at least one goal.';
  if (goals.length > 8) problems[FIELD.goals] = 'Choose at most 8 goals.';

  const fixed: number[] = [];
  const bounds: ReformRequest['body']['constraints']['lines'] = [];
  form.lines.forEach((line, index) => {
    if (line.locked) {
      // A locked line keeps its grams: its bounds would say nothing more.
      fixed.push(index);
      return;
    }
    const grams = (text: string, id: string) => {
      if (!text.trim()) return undefined;
      const n = parseNumber(text);
      if (n === null || n < 0) {
        problems[id] = 'Grams must be a number, 0 or more, or empty.';
        return undefined;
      }
      return n;
    };
    const min = grams(line.min, FIELD.min(index));
    const max = grams(line.max, FIELD.max(index));
    if (min !== undefined && max !== undefined && min > max) problems[FIELD.max(index)] = 'The most grams must not be below the least.';
    if (min !== undefined || max !== undefined) bounds.push({ index, ...(min !== undefined && { min_g: min }), ...(max !== undefined && { max_g: max }) });
  });
  const pct = parseNumber(form.maxChangePct);
  if (pct === null || pct <= 0) problems[FIELD.maxChange] = 'Give a percentage above 0 (50 allows each line to change by half).';
  const count = parseNumber(form.candidates);
  if (count === null || !Number.isInteger(count) || count < 1 || count > 5) problems[FIELD.candidates] = 'Ask for 1 to 5 candidates.';
  if (Object.keys(problems).length) return { problems };
  return {
    body: {
      goals,
      constraints: { fixed_lines: fixed, lines: bounds, max_change_pct: pct!, keep_total_weight: form.keepTotal },
      candidates: count!,
    },
    goals: words,
  };
}

/** A candidate as the API answers it. */
export interface Candidate {
  lines: { index: number; grams: number; was_g: number }[];
  substitutions: { index: number; replaces: string; ingredient: string; grams: number }[];
  ingredients: Record<string, unknown>[];
  change_g: number;
  cost_change?: number | null;
  goals_met: { goal: number; what: string }[];
  label: Label;
}

export interface ReformResult {
  candidates: Candidate[];
}

/** One line of a candidate, in words. */
export interface LineView {
  index: number;
  name: string;
  kind: 'same' | 'changed' | 'removed' | 'substituted';
  was: number;
  now: number;
  /** The substitute's name (kind `substituted`). */
  substitute?: string;
  text: string;
}

export interface CandidateView {
  lines: LineView[];
  goals: string[];
  /** The warning marks its label still carries. */
  seals: string[];
  /** Its grade, when the label has a graded scheme. */
  grade: string | null;
  changeG: number;
}

const g = (n: number) => `${trimNumber(Math.round(n * 10) / 10)} g`;

/**
 * What `c` does to each of the recipe's lines (`lineNames`, `lineGrams` by index), its goals
 * in the panel's words (`goalWords` by goal index, else the API's), and its label's marks.
 * `nameOf` names a substitute's ingredient id (else the id is shown).
 */
export function readCandidate(
  c: Candidate,
  lineNames: string[],
  lineGrams: number[],
  goalWords: string[],
  schemes: FopScheme[],
  nameOf: (id: string) => string | undefined = () => undefined,
): CandidateView {
  const lines: LineView[] = lineNames.map((name, index) => {
    const was = lineGrams[index] ?? 0;
    const sub = c.substitutions.find((s) => s.index === index);
    if (sub) {
      // Replaced, whatever its grams: a substitute at 0 g is still a substitution.
      const substitute = nameOf(sub.ingredient) ?? sub.ingredient;
      return { index, name, kind: 'substituted', was, now: sub.grams, substitute, text: `${name} ${g(was)} replaced by ${substitute} ${g(sub.grams)}` };
    }
    const changed = c.lines.find((l) => l.index === index);
    if (!changed) return { index, name, kind: 'same', was, now: was, text: `${name} ${g(was)}, unchanged` };
    const now = changed.grams;
    if (now < 0.001) return { index, name, kind: 'removed', was, now: 0, text: `${name} ${g(changed.was_g)} removed` };
    const delta = now - changed.was_g;
    const sign = delta > 0 ? '+' : '−';
    return { index, name, kind: 'changed', was: changed.was_g, now, text: `${name} ${g(changed.was_g)} → ${g(now)} (${sign}${g(Math.abs(delta))})` };
  });
  const results = c.label.front_of_pack ?? [];
  const seals = results.filter((r) => isWarning(r, schemes)).flatMap((r) => r.marks.map((m) => m.text).filter((t): t is string => Boolean(t)));
  const grade = results.filter((r) => isGraded(r, schemes)).flatMap((r) => r.marks.map((m) => m.grade))[0] ?? null;
  return {
    lines,
    goals: c.goals_met.map((m) => goalWords[m.goal] ?? m.what),
    seals,
    grade,
    changeG: c.change_g,
  };
}

/** The body of the PUT that applies a candidate: its lines, nothing else changed. */
export function applyBody(c: Candidate): { ingredients: Record<string, unknown>[] } {
  return { ingredients: c.ingredients };
}

/** A binding constraint of `goal_unreachable`'s details. */
interface Binding {
  constraint: string;
  max_change_pct?: number;
  lines?: number[];
  goals?: number[];
}

/** "goal 2 (Remove “ALTO EN AZÚCARES”)": its number in the panel's order and its words. */
const goalName = (i: number, goalWords: string[]) => (goalWords[i] ? `goal ${i + 1} (${goalWords[i]})` : `goal ${i + 1}`);

const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** A binding constraint in words, with what to do about it. */
function bindingWords(b: Binding, lineNames: string[], goalWords: string[]): string {
  const lines = listOf((b.lines ?? []).map((i) => lineNames[i] ?? `line ${i + 1}`));
  switch (b.constraint) {
    case 'max_change_pct':
      return `the largest change allowed (${b.max_change_pct ?? '?'} % of a line): allow more`;
    case 'fixed_lines':
      return `the locked ${b.lines && b.lines.length > 1 ? 'lines' : 'line'} ${lines}: unlock ${b.lines && b.lines.length > 1 ? 'them' : 'it'}`;
    case 'line_bounds':
      return `the grams you set for ${lines}: widen them`;
    case 'keep_total_weight':
      return 'keeping the total weight: let it change';
    case 'goals':
      return `the other goals, ${listOf((b.goals ?? []).map((i) => goalName(i, goalWords)))}: ask for fewer at once`;
    case 'ingredients':
      return 'the ingredients themselves: no amounts of these foods meet it, only a different ingredient can';
    case 'constraints':
      return 'the limits themselves: they allow no recipe at all, whatever the goals';
    default:
      return b.constraint.replace(/_/g, ' ');
  }
}

const BOUNDS: Record<string, string> = {
  lines: 'The recipe has too many lines for a reformulation: move some into a sub-recipe.',
  goals: 'Choose fewer goals.',
  candidates: 'Ask for fewer candidates.',
  substituted_lines: 'Allow substitutes on fewer lines.',
  substitutes_per_line: 'Give fewer substitutes for a line.',
  substitute_choices: 'Give fewer substitutes.',
  label_formats: 'Ask for fewer label formats.',
};

const round2 = (n: number) => String(Math.round(n * 100) / 100);

/** What went wrong, in words. */
export interface ReformProblem {
  message: string;
  /** Problems that belong next to a field of the panel, by field id. */
  fields: Record<string, string>;
}

/** A refusal or failure of the reformulation request in words. */
export function explainError(err: unknown, goalWords: string[], lineNames: string[]): ReformProblem {
  if (!(err instanceof ApiError)) return { message: err instanceof Error ? err.message : String(err), fields: {} };
  if (err.code === 'goal_unreachable') {
    const d = (err.details ?? {}) as { goal?: number; limit?: string; below?: number; best?: number | null; binding?: Binding[] };
    const goal = typeof d.goal === 'number' ? goalName(d.goal, goalWords) : 'a goal';
    const binding = (d.binding ?? []).map((b) => bindingWords(b, lineNames, goalWords));
    if (!d.limit) {
      return { message: `No candidate meets every goal: ${err.message}.${binding.length ? ` In the way: ${listOf(binding)}.` : ''}`, fields: {} };
    }
    const best = typeof d.best === 'number' ? `the best reachable is ${round2(d.best)}` : 'no recipe within the limits reaches it';
    const message =
      `${goal.charAt(0).toUpperCase()}${goal.slice(1)} cannot be met within these limits: ${d.limit} must stay below ${round2(d.below ?? 0)}, and ${best}.` +
      (binding.length ? ` In the way: ${listOf(binding)}.` : '');
    return { message, fields: {} };
  }
  if (err.code === 'reformulation_too_large') {
    const d = (err.details ?? {}) as { limit?: string };
    return { message: `Too large to compute: ${err.message}. ${BOUNDS[d.limit ?? ''] ?? ''}`.trim(), fields: {} };
  }
  if (err.status === 0) return { message: `${err.message} Your choices are kept.`, fields: {} };
  if (err.status === 400) {
    const fields: Record<string, string> = {};
    const sentences: string[] = [];
    for (const [field, problem] of Object.entries(fieldProblems(err))) {
      const goal = /^goals\[(\d+)\]/.exec(field)?.[1];
      if (goal !== undefined) {
        const name = goalName(Number(goal), goalWords);
        sentences.push(`${name.charAt(0).toUpperCase()}${name.slice(1)}: ${problem}.`);
      } else if (field === 'racc_g') {
        sentences.push(`${problem.charAt(0).toUpperCase()}${problem.slice(1)}. Choose the product category (reference amount) under Package, then save.`);
      } else if (field === 'constraints.max_change_pct') fields[FIELD.maxChange] = problem;
      else if (field === 'candidates') fields[FIELD.candidates] = problem;
      else sentences.push(`${field}: ${problem}.`);
    }
    return { message: sentences.join(' ') || err.message, fields };
  }
  return { message: err.message, fields: {} };
}
