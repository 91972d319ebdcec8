// Small shared helpers.
import { useEffect, useState } from 'preact/hooks';

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** `tree_nuts:almond` -> `tree nuts (almond)`. */
export function allergenName(code: string): string {
  const [kind, species] = code.split(':');
  const name = (kind ?? code).replace(/_/g, ' ');
  return species ? `${name} (${species})` : name;
}

/** A number typed by the user, or null when empty or not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** A number for an input box: no trailing float noise. */
export function numberText(n: number | null | undefined): string {
  if (n === null || n === undefined) return '';
  return String(Math.round(n * 1000) / 1000);
}
