// The reference lists the builder picks from, each loaded once per page: the label formats
// (the light list of GET /v1/formats), the RACC categories and the front-of-pack schemes.
import { get } from './api';
import type { Country, FopScheme, Format, RaccCategory } from './types';

/** `GET path`'s `data`, fetched once; a failure is not kept, so the next call retries. */
function once<T>(path: string): () => Promise<T[]> {
  let cache: Promise<T[]> | null = null;
  return () => {
    if (!cache) {
      cache = get<{ data: T[] }>(path).then(
        (r) => r.data,
        (err) => {
          cache = null;
          throw err;
        },
      );
    }
    return cache;
  };
}

export const loadFormats = once<Format>('/v1/formats?view=light');
export const loadRaccCategories = once<RaccCategory>('/v1/racc-categories');
export const loadFopSchemes = once<FopScheme>('/v1/fop-schemes');
export const loadCountries = once<Country>('/v1/countries');
