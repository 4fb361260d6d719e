/**
 * `{{name}}` references: a command may mention a test input or a value remembered
 * by an earlier step. Names are checked when the test is saved (so a typo fails
 * early, not on a device half-way through a run) and substituted just before the
 * command is handed to the automation engine.
 */

/** Letters, digits, `_`, `.` and `-`, starting with a letter or `_` (e.g. `user.email`, `otp_code`). */
const REFERENCE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export interface ReferenceSpan {
  name: string;
  /** Offsets of the whole `{{ name }}` in the text, end exclusive. */
  start: number;
  end: number;
}

export type ReferenceScan = { ok: true; references: ReferenceSpan[] } | { ok: false; error: string };

/**
 * Every `{{name}}` in `text`, in order. Whitespace inside the braces is allowed
 * (`{{ email }}`). An opening `{{` without `}}`, or braces around something that is
 * not a name, is an error: silently typing `{{emial` into a field is worse than
 * refusing the test.
 */
export function scanReferences(text: string): ReferenceScan {
  const references: ReferenceSpan[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('{{', from);
    if (start === -1) return { ok: true, references };
    const close = text.indexOf('}}', start + 2);
    if (close === -1) {
      return { ok: false, error: `"{{" at position ${start + 1} is never closed: write references as {{name}}` };
    }
    const name = text.slice(start + 2, close).trim();
    if (!REFERENCE_NAME.test(name)) {
      const shown = text.slice(start, close + 2);
      return {
        ok: false,
        error: `${shown} is not a valid reference: a name uses letters, digits, "_", "." or "-" and starts with a letter or "_"`,
      };
    }
    references.push({ name, start, end: close + 2 });
    from = close + 2;
  }
}

/** Distinct names in order of first use. */
export function referenceNames(spans: readonly ReferenceSpan[]): string[] {
  return [...new Set(spans.map((s) => s.name))];
}

/** An error message for names that are not known, or null when all are. */
export function unknownReferencesError(names: readonly string[], known: ReadonlySet<string>): string | null {
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length === 0) return null;
  const list = unknown.map((n) => `{{${n}}}`).join(', ');
  const available = known.size === 0 ? 'this test defines no inputs or remembered values' : `known names: ${[...known].sort().join(', ')}`;
  return `Unknown reference${unknown.length > 1 ? 's' : ''} ${list} (${available})`;
}

export type Substitution = { ok: true; text: string } | { ok: false; error: string; missing: string[] };

/**
 * Replaces each reference with its value in one pass: a value that itself contains
 * `{{x}}` is inserted literally, never expanded again. `escapeValue` lets the caller
 * quote a value depending on where the reference sits (see resolveReferences).
 */
export function substitute(
  text: string,
  values: Readonly<Record<string, string>>,
  escapeValue: (value: string, span: ReferenceSpan) => string = (v) => v,
): Substitution {
  const scan = scanReferences(text);
  if (!scan.ok) return { ok: false, error: scan.error, missing: [] };
  const missing = referenceNames(scan.references).filter((n) => !Object.hasOwn(values, n));
  if (missing.length > 0) {
    return { ok: false, error: `No value for ${missing.map((n) => `{{${n}}}`).join(', ')}`, missing };
  }
  let out = '';
  let at = 0;
  for (const span of scan.references) {
    out += text.slice(at, span.start) + escapeValue(values[span.name] as string, span);
    at = span.end;
  }
  return { ok: true, text: out + text.slice(at) };
}
