// The package: its net quantity, the area it has for the label and its RACC category (21
// CFR 101.12(b) table 2). The server says which US layouts the package allows or requires
// (the label's `package`), which this shows; `us.auto` in the format picker uses them.
import { Field } from '../../components/Field';
import type { PackageReport, RaccCategory } from '../../types';
import { PACKAGE_FIELDS, type PackageDraft } from './model';

interface Props {
  value: PackageDraft;
  categories: RaccCategory[];
  report: PackageReport | null;
  problems: Record<string, string>;
  onChange: (change: Partial<PackageDraft>) => void;
}

const USE: Record<string, string> = { required: 'required', allowed: 'allowed', voluntary: 'voluntary', not_allowed: 'not allowed' };

/** `Cookies: 30 g`, or the household measure the table gives instead. */
function amountOf(c: RaccCategory): string {
  const amount = c.value !== null && c.unit ? `${c.value} ${c.unit}` : (c.measure ?? 'no amount');
  return `${c.name}: ${amount}${c.confirmed ? '' : ' (unconfirmed)'}`;
}

export function PackageFields({ value, categories, report, problems, onChange }: Props) {
  const groups = new Map<string, RaccCategory[]>();
  for (const c of categories) groups.set(c.product_category, [...(groups.get(c.product_category) ?? []), c]);
  const chosen = categories.find((c) => c.id === value.racc);
  const raccProblem = problems['package-racc'];
  return (
    <fieldset class="package">
      <legend>Package (US layouts and claims)</legend>
      <p class="hint">Optional. With the package, the label knows which US layouts it may use (21 CFR 101.9) and judges claims per its reference amount.</p>
      <div class="field">
        <label for="package-racc">Product category (reference amount)</label>
        <select
          id="package-racc"
          value={value.racc}
          aria-invalid={raccProblem ? 'true' : undefined}
          aria-describedby={raccProblem ? 'package-racc-hint package-racc-problem' : 'package-racc-hint'}
          onChange={(e) => onChange({ racc: e.currentTarget.value })}
        >
          <option value="">Not given</option>
          {[...groups.entries()].map(([group, list]) => (
            <optgroup key={group} label={group}>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {amountOf(c)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <small id="package-racc-hint" class="hint">
          {chosen ? `${chosen.citation}. ${chosen.confirmed ? '' : chosen.notes}` : 'The reference amounts customarily consumed of 21 CFR 101.12(b), table 2.'}
        </small>
        {raccProblem && (
          <small id="package-racc-problem" class="problem">
            {raccProblem}
          </small>
        )}
      </div>
      <div class="field-row">
        {PACKAGE_FIELDS.map(([key, , id, label]) => (
          <Field key={id} id={id} label={label} inputMode="decimal" value={value[key]} onValue={(text) => onChange({ [key]: text })} problem={problems[id]} />
        ))}
      </div>
      {report && <PackageReportView report={report} />}
    </fieldset>
  );
}

function PackageReportView({ report }: { report: PackageReport }) {
  return (
    <div class="package-report" aria-label="What the package allows">
      <p>
        {report.percent_of_racc !== undefined && report.racc
          ? `The package holds ${Math.round(report.percent_of_racc)} % of the reference amount (${report.racc.value} ${report.racc.unit}). `
          : ''}
        {report.chosen ? `Automatic layout: ${report.chosen}. ` : ''}
        {report.single_serving ? 'It is one serving. ' : ''}
        {report.small_package_exemption_possible ? 'The small-package exemption may apply (no claims). ' : ''}
      </p>
      <ul>
        {report.layouts.map((l) => (
          <li key={l.format}>
            <strong>
              {l.format}: {USE[l.use] ?? l.use}
            </strong>{' '}
            {l.reason} <cite>{l.citation}</cite>
          </li>
        ))}
      </ul>
    </div>
  );
}
